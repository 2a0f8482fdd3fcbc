// swift-tools-version:6.1
// A peer for one figure of Etch's benchmark, never built by Etch or its CI: GRDB's one-row
// commit, which the `.normal` durability bar of issue 24 is set against (at most twice it).
// Scripts/compare-grdb-commit.sh builds it and runs it in alternation with etch-bench.
import PackageDescription

let package = Package(
    name: "GRDBCommit",
    dependencies: [.package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0")],
    targets: [
        .executableTarget(
            name: "GRDBCommit",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)
