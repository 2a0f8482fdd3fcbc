// swift-tools-version: 6.2
// A package outside Etch's own that uses it the way a user does: depends on Etch by path,
// applies the plugin to two targets (`ConsumerApp` uses a model of `Core`'s schema), builds
// and runs. Run by `IntegrationTests/run-consumer.sh`.
import PackageDescription

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(name: "Etch", path: "../..")],
    targets: [
        .target(
            name: "Core",
            dependencies: [.product(name: "Etch", package: "Etch")],
            plugins: [.plugin(name: "EtchPlugin", package: "Etch")]
        ),
        .executableTarget(
            name: "ConsumerApp",
            dependencies: ["Core", .product(name: "Etch", package: "Etch")],
            plugins: [.plugin(name: "EtchPlugin", package: "Etch")]
        ),
        // Three versions of one app's schema on one store file (check-store-evolution.sh).
        .executableTarget(
            name: "NotesV1",
            dependencies: [.product(name: "Etch", package: "Etch"), .product(name: "EtchStore", package: "Etch")],
            plugins: [.plugin(name: "EtchPlugin", package: "Etch")]
        ),
        .executableTarget(
            name: "NotesV2",
            dependencies: [.product(name: "Etch", package: "Etch"), .product(name: "EtchStore", package: "Etch")],
            plugins: [.plugin(name: "EtchPlugin", package: "Etch")]
        ),
        .executableTarget(
            name: "NotesV2Breaking",
            dependencies: [.product(name: "Etch", package: "Etch"), .product(name: "EtchStore", package: "Etch")],
            plugins: [.plugin(name: "EtchPlugin", package: "Etch")]
        ),
    ]
)
