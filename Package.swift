// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Etch",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Etch", targets: ["Etch"]),
        // The store: many model types in one context, indexes, queries, SQLite files.
        .library(name: "EtchStore", targets: ["EtchStore"]),
        .executable(name: "etch", targets: ["EtchCLI"]),
        .plugin(name: "EtchPlugin", targets: ["EtchPlugin"]),
        .plugin(name: "EtchGenerateCommand", targets: ["EtchGenerateCommand"]),
        .executable(name: "etch-example", targets: ["EtchExample"]),
        .executable(name: "etch-bench", targets: ["EtchBenchmark"]),
        .executable(name: "etch-pg-bench", targets: ["EtchPostgresBenchmark"]),
        // The store's PostgreSQL backend, its own product so that only its users build libpq.
        .library(name: "EtchPostgres", targets: ["EtchPostgres"]),
    ],
    targets: [
        // Runtime: values, models, JSON, Codable, data source.
        .target(name: "Etch", dependencies: ["EtchDatePattern", "CEtchPrefetch"]),
        // The processor's prefetch hint, which Swift has no spelling for.
        .target(name: "CEtchPrefetch"),
        // The grammar of `@dateFormat("…")` patterns, which the checker and the runtime share.
        .target(name: "EtchDatePattern"),
        // The system's SQLite: `SQLite3` on Apple platforms, libsqlite3 (pkg-config sqlite3) on Linux.
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        // The store, its own product so that models alone build nothing more.
        .target(name: "EtchStore", dependencies: ["Etch", "CSQLite"]),
        // The system's libpq (pkg-config libpq): PostgreSQL's client library, for EtchPostgres only.
        .systemLibrary(
            name: "CLibPQ", pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"]), .brew(["libpq"])]),
        // The store on PostgreSQL (PostgresStore, behind EtchStore's ModelStore): connections, a
        // pool, transactions, tables and indexes, queries, and the change history.
        .target(name: "EtchPostgres", dependencies: ["Etch", "EtchStore", "CLibPQ"]),
        // Schema language: source text -> checked schema, with diagnostics.
        .target(name: "EtchSchema", dependencies: ["EtchDatePattern"]),
        // Checked schema -> Swift source text.
        .target(name: "EtchGenerator", dependencies: ["EtchSchema"]),
        // The `etch` command's logic, shared by the CLI and the plugin's tool.
        .target(name: "EtchCommandLine", dependencies: ["EtchSchema", "EtchGenerator"]),
        // The `etch` command.
        .executableTarget(name: "EtchCLI", dependencies: ["EtchCommandLine"]),
        // The same command for the plugin. SwiftPM cannot give a plugin an executable
        // target that a product of another name also vends (swift-package-manager#8831).
        .executableTarget(name: "EtchPluginTool", dependencies: ["EtchCommandLine"]),
        .plugin(name: "EtchPlugin", capability: .buildTool(), dependencies: ["EtchPluginTool"]),
        // `swift package --allow-writing-to-package-directory etch-generate`: generated Swift
        // written into the package, for teams that commit it.
        .plugin(
            name: "EtchGenerateCommand",
            capability: .command(
                intent: .custom(
                    verb: "etch-generate", description: "Write the Swift generated from .etch schemas into the package"),
                permissions: [
                    .writeToPackageDirectory(reason: "Etch writes the generated Swift models into the package")
                ]
            ),
            dependencies: ["EtchPluginTool"]
        ),
        .executableTarget(name: "EtchExample", dependencies: ["Etch", "EtchStore"], plugins: ["EtchPlugin"]),
        // `swift run -c release etch-bench`: Etch against Foundation and hand-written code.
        .executableTarget(
            name: "EtchBenchmark", dependencies: ["Etch", "EtchStore", "EtchBenchmarkSupport"], plugins: ["EtchPlugin"]),
        // `swift run -c release etch-pg-bench --start-server`: Etch on PostgreSQL against
        // hand-written libpq code, on one server; its own executable so etch-bench needs no libpq.
        .executableTarget(
            name: "EtchPostgresBenchmark",
            dependencies: ["Etch", "EtchStore", "EtchPostgres", "CLibPQ", "EtchBenchmarkSupport"],
            plugins: ["EtchPlugin"]),
        // What the two benchmark programs share: the harness, timing, seeded data, the runner's
        // rows, the report's layout, and running the program again as another process.
        .target(name: "EtchBenchmarkSupport"),

        .testTarget(
            name: "EtchTests", dependencies: ["Etch", "EtchSaveLoopHelper", "EtchTestSupport"], plugins: ["EtchPlugin"]),
        // Saves a data source in a loop until killed: the data source's crash-safety test
        // (DataSourceKillTests) runs it. Its TaskItem.swift links to the tests' model.
        .executableTarget(
            name: "EtchSaveLoopHelper", dependencies: ["Etch"], path: "Tests/EtchSaveLoopHelper",
            plugins: ["EtchPlugin"]),
        .testTarget(
            name: "EtchStoreTests",
            dependencies: ["EtchStore", "Etch", "EtchStoreCommitLoopHelper", "EtchTestSupport"],
            plugins: ["EtchPlugin"]),
        // Commits to a store in a loop until killed: the store's crash-safety test
        // (StoreKillTests) runs it. Its Library.etch links to the store tests' models.
        .executableTarget(
            name: "EtchStoreCommitLoopHelper", dependencies: ["EtchStore", "Etch", "EtchTestSupport"],
            path: "Tests/EtchStoreCommitLoopHelper", plugins: ["EtchPlugin"]),
        .testTarget(name: "EtchSchemaTests", dependencies: ["EtchSchema", "EtchTestSupport"]),
        // Runs against a PostgreSQL server: Scripts/test-postgres.sh starts one and sets
        // ETCH_POSTGRES_URL; without it the tests are skipped.
        .testTarget(
            name: "EtchPostgresTests",
            dependencies: ["EtchPostgres", "EtchStore", "Etch", "EtchPostgresCommitLoopHelper", "EtchTestSupport"],
            plugins: ["EtchPlugin"]),
        // Commits to a PostgresStore in a loop until killed: the PostgreSQL store's crash-safety
        // test (PostgresKillTests) runs it. Its Records.etch links to the PostgreSQL tests' models.
        .executableTarget(
            name: "EtchPostgresCommitLoopHelper", dependencies: ["EtchPostgres", "EtchStore", "Etch"],
            path: "Tests/EtchPostgresCommitLoopHelper", plugins: ["EtchPlugin"]),
        // Helpers shared by the test targets.
        .target(name: "EtchTestSupport", path: "Tests/EtchTestSupport"),
        .testTarget(name: "EtchGeneratorTests", dependencies: ["EtchGenerator"]),
        .testTarget(name: "EtchCommandLineTests", dependencies: ["EtchCommandLine", "EtchGenerator"]),
        // Compiles and exercises the golden files that EtchGeneratorTests compares against.
        .testTarget(name: "EtchGoldenTests", dependencies: ["Etch"]),
        // Applies the plugin, as a user's target does.
        .testTarget(name: "EtchPluginTests", dependencies: ["Etch"], plugins: ["EtchPlugin"]),
        // Generated code in a target that declares its own `Date`, `JSON`, `Ref`, `String`, ….
        .testTarget(name: "EtchShadowingTests", dependencies: ["Etch"], plugins: ["EtchPlugin"]),
    ]
)

// libFuzzer targets, built only by `Scripts/fuzz.sh` (which sets ETCH_FUZZ=1), so that a
// normal `swift build` and `swift test` never compile them.
if Context.environment["ETCH_FUZZ"] == "1" {
    package.targets += [
        // Declares libFuzzer's driver, which each fuzzer's `main` calls.
        .target(name: "FuzzerDriver", path: "Fuzz/Driver"),
        .executableTarget(name: "EtchJSONFuzzer", dependencies: ["Etch", "FuzzerDriver"], path: "Fuzz/JSONFuzzer"),
        .executableTarget(
            name: "EtchSchemaFuzzer", dependencies: ["EtchSchema", "EtchGenerator", "FuzzerDriver"],
            path: "Fuzz/SchemaFuzzer"),
        .executableTarget(
            name: "EtchModelFuzzer", dependencies: ["Etch", "FuzzerDriver"], path: "Fuzz/ModelFuzzer",
            plugins: ["EtchPlugin"]),
    ]
}
