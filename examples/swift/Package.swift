// swift-tools-version:6.0
// A client of Flipbook, as an app developer's package would be: it depends on Flipbook by
// path and imports only `Flipbook` (and Foundation; `FlipbookCLI` for its own `flipbook`
// command; its tests `FlipbookTesting`); `AppLayouts` is an app's UIKit layout code, built
// against `FlipbookUIKit` as docs/uikit.md sets it up. docs/
// library.md is made of this code; `make test` builds it, runs it and runs its tests, so the
// doc cannot rot.
import PackageDescription

let package = Package(
    name: "CoverFlowDemo",
    dependencies: [.package(name: "Flipbook", path: "../..")],
    targets: [
        .executableTarget(name: "CoverFlowDemo", dependencies: [.product(name: "Flipbook", package: "Flipbook"),
                                                                .product(name: "FlipbookCLI", package: "Flipbook")]),
        // An app's own UIKit layout files, built against Flipbook's UIKit on Linux (docs/uikit.md).
        .target(name: "AppLayouts", dependencies: [.product(name: "FlipbookUIKit", package: "Flipbook", condition: .when(platforms: [.linux]))]),
        .testTarget(name: "AppLayoutsTests", dependencies: ["AppLayouts", .product(name: "Flipbook", package: "Flipbook"),
                                                            .product(name: "FlipbookUIKit", package: "Flipbook", condition: .when(platforms: [.linux]))]),
        .testTarget(name: "CoverFlowDemoTests", dependencies: [.product(name: "Flipbook", package: "Flipbook"),
                                                              .product(name: "FlipbookTesting", package: "Flipbook")]),
    ]
)
