// swift-tools-version:6.0
// Flipbook: iOS collection-view interaction effects rendered offline.
// Data flows one way: scene file → Scene → simulation → timeline → renderer → files.
// Each stage is one module (docs/architecture.md); clients `import Flipbook`, the umbrella
// module that re-exports them all. Only FlipbookGraphics (text and images, which the scene
// stage measures and checks) and FlipbookRender import Cairo.
import PackageDescription

let package = Package(
    name: "Flipbook",
    products: [
        .library(name: "Flipbook", targets: ["Flipbook"]),
        .library(name: "FlipbookTesting", targets: ["FlipbookTesting"]),
        // The `flipbook` command as a library: FlipbookCommand.main(layouts:effects:).
        .library(name: "FlipbookCLI", targets: ["FlipbookCLI"]),
        .executable(name: "flipbook", targets: ["flipbook"]),
        // UIKit's collection-view API on Linux (module `UIKit`): an app's own layout code,
        // compiled unchanged, drawn by Flipbook (docs/uikit.md).
        // `import CoreGraphics` and `import QuartzCore` resolve to it too.
        .library(name: "FlipbookUIKit", targets: ["UIKit", "CoreGraphics", "QuartzCore"]),
        // MJRefresh's header API over the UIKit module (module `MJRefresh`), drawn as
        // MJRefreshNormalHeader draws (docs/uikit.md).
        .library(name: "FlipbookMJRefresh", targets: ["MJRefresh"]),
    ],
    targets: [
        .systemLibrary(name: "CCairo", pkgConfig: "pangocairo", providers: [.apt(["libcairo2-dev", "libpango1.0-dev"]), .brew(["cairo", "pango"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
        // The video encoders (OpenH264 for MP4, libvpx for WebM) behind a few plain C functions.
        // PNG frames' deflate (a single-pass compressor for UI rows, Flipbook's own code).
        .target(name: "CFrameDeflate"),
        .target(name: "CVideo", linkerSettings: [.linkedLibrary("openh264"), .linkedLibrary("vpx")]),
        // JPEG images, decoded by libjpeg-turbo behind a setjmp guard (Sources/CJPEG/jpeg.c).
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        // The math functions (floor, sqrt, exp…) live in libm; nothing else links it when a
        // module imports neither Foundation nor Glibc.
        .target(name: "FlipbookCore", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "FlipbookJSON", dependencies: ["FlipbookCore"]),
        .target(name: "FlipbookLayout", dependencies: ["FlipbookCore"]),
        .target(name: "FlipbookAnimation", dependencies: ["FlipbookCore"]),
        .target(name: "FlipbookSimulation", dependencies: ["FlipbookCore", "FlipbookLayout", "FlipbookAnimation"]),
        .target(name: "FlipbookEffects", dependencies: ["FlipbookCore", "FlipbookLayout", "FlipbookAnimation",
                                                        "FlipbookSimulation"]),
        .target(name: "FlipbookGraphics", dependencies: ["FlipbookCore", "CCairo", "CJPEG"]),
        .target(name: "FlipbookSceneFile", dependencies: ["FlipbookCore", "FlipbookJSON", "FlipbookLayout", "FlipbookAnimation",
                                                          "FlipbookSimulation", "FlipbookEffects", "FlipbookGraphics"]),
        .target(name: "FlipbookRender", dependencies: ["FlipbookCore", "FlipbookJSON", "FlipbookGraphics", "CCairo", "CZlib", "CWebP",
                                                       "CDeflate", "CFrameDeflate", "CVideo"]),
        .target(name: "FlipbookDiff", dependencies: ["FlipbookCore", "FlipbookJSON", "FlipbookGraphics", "FlipbookRender"]),
        .target(name: "Flipbook", dependencies: ["FlipbookCore", "FlipbookJSON", "FlipbookLayout", "FlipbookAnimation",
                                                 "FlipbookSimulation", "FlipbookEffects", "FlipbookGraphics", "FlipbookSceneFile",
                                                 "FlipbookRender", "FlipbookDiff"]),
        .target(name: "FlipbookTesting", dependencies: ["Flipbook"]),
        // Above the value core: adapts UIKit's classes to Flipbook's layouts and scenes.
        .target(name: "UIKit", dependencies: ["FlipbookCore", "FlipbookLayout", "FlipbookAnimation", "FlipbookSimulation", "FlipbookGraphics",
                                              "UIKitSubmodules"]),
        // `import CoreGraphics` / `import QuartzCore` as iOS code writes them: the UIKit module, re-exported.
        .target(name: "CoreGraphics", dependencies: ["UIKit"]),
        .target(name: "QuartzCore", dependencies: ["UIKit"]),
        .target(name: "MJRefresh", dependencies: ["UIKit", "FlipbookCore", "FlipbookSimulation", "FlipbookEffects"]),
        // `import UIKit.UICollectionView` (a submodule import, as iOS code may write it): names only.
        .target(name: "UIKitSubmodules"),
        .target(name: "FlipbookCLI", dependencies: ["Flipbook"], plugins: ["BuildStamp"]),
        // `flipbook --version` names the commit it was built from (Plugins/BuildStamp).
        .plugin(name: "BuildStamp", capability: .buildTool()),
        .executableTarget(name: "flipbook", dependencies: ["FlipbookCLI"]),
        .executableTarget(name: "flipbook-bench", dependencies: ["Flipbook", "UIKit"]),
        .executableTarget(name: "flipbook-fuzz", dependencies: ["Flipbook", "UIKit"]),
        .executableTarget(name: "flipbook-roundtrip", dependencies: ["Flipbook"]),
        .testTarget(name: "FlipbookJSONTests", dependencies: ["FlipbookCore", "FlipbookJSON"]),
        .testTarget(name: "FlipbookLayoutTests", dependencies: ["FlipbookLayout"]),
        .testTarget(name: "FlipbookAnimationTests", dependencies: ["FlipbookAnimation"]),
        .testTarget(name: "FlipbookSimulationTests", dependencies: ["Flipbook"]),
        .testTarget(name: "FlipbookRenderTests", dependencies: ["Flipbook", "CCairo", "CZlib"]),
        .testTarget(name: "FlipbookDiffTests", dependencies: ["Flipbook", "FlipbookTesting"]),
        // Layout code written for iOS, built unchanged against the UIKit module (examples/uikit/README.md).
        // In the Swift 5 language mode, as most UIKit apps are: UIKit's classes are @MainActor on
        // iOS and not here, so Swift 6's checks would refuse a main-queue closure holding self.
        .target(name: "UIKitExamples", dependencies: ["UIKit", "MJRefresh"], path: "examples/uikit", exclude: ["README.md"],
                swiftSettings: [.swiftLanguageMode(.v5)]),
        // Scenes made from them (their touches and scripts), and the command that registers them
        // by name as a team registers its own: `uikit-examples render mail-inbox`.
        .target(name: "UIKitExampleScenes", dependencies: ["UIKitExamples", "UIKit", "Flipbook"], path: "examples/uikit-scenes/Scenes"),
        .executableTarget(name: "uikit-examples", dependencies: ["UIKitExampleScenes", "FlipbookCLI"], path: "examples/uikit-scenes/Command"),
        .testTarget(name: "FlipbookUIKitTests", dependencies: ["UIKit", "CoreGraphics", "QuartzCore", "UIKitExamples", "UIKitExampleScenes", "Flipbook", "FlipbookCLI",
                                                             "FlipbookTesting"],
                    exclude: ["Images"]),
        .testTarget(name: "FlipbookCLITests", dependencies: ["FlipbookCLI", "FlipbookJSON", "FlipbookDiff", "FlipbookRender", "flipbook"]),
    ]
)
