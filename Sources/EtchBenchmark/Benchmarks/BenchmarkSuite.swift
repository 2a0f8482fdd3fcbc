/// Every comparison, in the order the report lists them.
enum BenchmarkSuite {
    /// Runs the benchmarks the options select.
    ///
    /// It runs off the main actor, on the global executor, so calls into a data source's
    /// actor do not hop between threads on every call.
    static func run(options: Options, data: DataSet) async throws -> Runner {
        var runner = Runner(options: options)
        try await CodingBenchmarks.run(&runner, data: data)
        try await CodableBenchmarks.run(&runner, data: data)
        try await ModelBenchmarks.run(&runner, data: data)
        try await StructBenchmarks.run(&runner, data: data)
        try await MemoryBenchmarks.run(&runner, data: data)
        try await DataSourceBenchmarks.run(&runner)
        try await StoreBenchmarks.run(&runner)
        try await StoreQueryBenchmarks.run(&runner)
        try await StoreCatchUpBenchmarks.run(&runner)
        try await StoreFileBenchmarks.run(&runner)
        try await StoreOpenBenchmarks.run(&runner)
        try await StoreDurabilityBenchmarks.run(&runner)
        try await StoreHistoryBenchmarks.run(&runner)
        try await StoreLiveBenchmarks.run(&runner)
        try await StoreSharingBenchmarks.run(&runner)
        try await StoreSnapshotBenchmarks.run(&runner)
        return runner
    }
}
