// swift-tools-version:6.0
// Flipbook: iOS collection-view interaction effects rendered offline.
// Data flows one way: scene → simulation → keyframes → renderer → files;
// each stage is one module, and only FlipbookRender imports Cairo.
import PackageDescription

let package = Package(
    name: "Flipbook",
    products: [
        .library(name: "Flipbook", targets: [
            "FlipbookCore", "FlipbookLayout", "FlipbookAnimation", "FlipbookScene", "FlipbookRender",
        ]),
        .executable(name: "flipbook", targets: ["flipbook"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        // The math functions (floor, sqrt, exp…) live in libm; nothing else links it when a
        // module imports neither Foundation nor Glibc.
        .target(name: "FlipbookCore", linkerSettings: [.linkedLibrary("m")]),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "FlipbookLayout", dependencies: ["FlipbookCore"]),
        .target(name: "FlipbookAnimation", dependencies: ["FlipbookCore"]),
        .target(name: "FlipbookScene", dependencies: ["FlipbookCore", "FlipbookLayout", "FlipbookAnimation"]),
        .target(name: "FlipbookRender", dependencies: ["FlipbookCore", "CCairo", "CZlib"]),
        .target(name: "FlipbookCLI", dependencies: ["FlipbookCore", "FlipbookScene", "FlipbookRender"]),
        .executableTarget(name: "flipbook", dependencies: ["FlipbookCLI"]),
        .executableTarget(name: "flipbook-bench", dependencies: ["FlipbookScene", "FlipbookRender", "CCairo", "CZlib"]),
        .testTarget(name: "FlipbookCoreTests", dependencies: ["FlipbookCore"]),
        .testTarget(name: "FlipbookLayoutTests", dependencies: ["FlipbookLayout"]),
        .testTarget(name: "FlipbookAnimationTests", dependencies: ["FlipbookAnimation"]),
        .testTarget(name: "FlipbookSceneTests", dependencies: ["FlipbookScene"]),
        .testTarget(name: "FlipbookRenderTests", dependencies: ["FlipbookRender", "FlipbookScene", "CCairo"]),
        .testTarget(name: "FlipbookCLITests", dependencies: ["FlipbookCLI", "flipbook"]),
    ]
)
