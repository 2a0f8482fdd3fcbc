import EtchBenchmarkSupport

/// Runs etch-pg-bench's comparisons and collects its rows.
typealias Runner = BenchmarkRunner<Options, BenchmarkResult>

extension Options: BenchmarkOptions {
    var timesEtch: Bool { side != .baseline }
    var timesBaseline: Bool { side != .etch }
}

extension BenchmarkResult: BenchmarkRow {}

extension Runner {
    /// Times one piece of the Etch side alone, for the breakdown rows (`--breakdown`): the
    /// row's baseline reads 0 and its ratio `-`.
    mutating func measure(_ name: String, operations: Int = 1, _ body: () async throws -> Int) async throws {
        guard includes(name) else { return }
        progress(name)
        let seconds = try await withoutActuallyEscaping(body) { body in
            try await harness.secondsPerOperation(operations: operations, [body])
        }
        append(BenchmarkResult(name: name, etch: seconds[0], baseline: 0))
    }
}
