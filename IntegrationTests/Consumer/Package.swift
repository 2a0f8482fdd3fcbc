// swift-tools-version: 6.1
// A package outside Etch's own that uses it the way a user does: depends on Etch by path,
// applies the plugin to its target, builds and runs. Run by `IntegrationTests/run-consumer.sh`.
import PackageDescription

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Etch", path: "../..")],
    targets: [
        .executableTarget(
            name: "ConsumerApp",
            dependencies: [.product(name: "Etch", package: "Etch")],
            plugins: [.plugin(name: "EtchPlugin", package: "Etch")]
        )
    ]
)
