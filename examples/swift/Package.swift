// swift-tools-version:6.0
// A client of Flipbook, as an app developer's package would be: it depends on Flipbook by
// path and imports only `Flipbook` (and Foundation). docs/library.md is made of this code;
// `make test` builds and runs it, so the doc cannot rot.
import PackageDescription

let package = Package(
    name: "CoverFlowDemo",
    dependencies: [.package(name: "Flipbook", path: "../..")],
    targets: [
        .executableTarget(name: "CoverFlowDemo", dependencies: [.product(name: "Flipbook", package: "Flipbook")]),
    ]
)
