import EtchBenchmarkSupport

/// Runs etch-bench's comparisons and collects its rows.
typealias Runner = BenchmarkRunner<Options, BenchmarkResult>

extension Options: BenchmarkOptions {
    var timesEtch: Bool { side != .baseline }
    var timesBaseline: Bool { side != .etch }
}

extension BenchmarkResult: BenchmarkRow {
    init(name: String, etch: Double, baseline: Double) {
        self.init(name: name, unit: .seconds, etch: etch, baseline: baseline, requiredRatio: nil)
    }
}

extension Runner {
    /// Times the Etch way and the baseline way of the same work, for a row that may have a
    /// bar to meet.
    ///
    /// - Parameters:
    ///   - name: The row's name.
    ///   - operations: How many operations one call of each closure performs.
    ///   - requiredRatio: The ratio this row must reach, if it has a bar to meet.
    ///   - etch: The work done with Etch; returns a value derived from its result.
    ///   - baseline: The same work done the way a user would without Etch.
    mutating func compare(
        _ name: String, operations: Int = 1, requiredRatio: Double?,
        etch: () async throws -> Int, baseline: () async throws -> Int
    ) async throws {
        guard includes(name) else { return }
        progress(name)
        let seconds = try await secondsPerOperation(operations: operations, etch: etch, baseline: baseline)
        append(
            BenchmarkResult(name: name, etch: seconds.etch, baseline: seconds.baseline, requiredRatio: requiredRatio))
    }

    /// Records a row of `unit` whose two figures were measured by the caller, as
    /// ``BenchmarkRunner/record(_:etch:baseline:)`` does, with a bar to meet if it has one.
    ///
    /// - Parameters:
    ///   - name: The row's name; the row is dropped when the filter leaves it out.
    ///   - unit: What the figures count.
    ///   - etch: The Etch figure, in `unit`.
    ///   - baseline: The baseline figure, in `unit`.
    ///   - requiredRatio: The ratio this row must reach, if it has a bar to meet.
    mutating func record(
        _ name: String, unit: BenchmarkUnit = .seconds, etch: Double, baseline: Double, requiredRatio: Double?
    ) {
        guard includes(name) else { return }
        append(BenchmarkResult(name: name, unit: unit, etch: etch, baseline: baseline, requiredRatio: requiredRatio))
    }

    /// Compares the heap bytes that the Etch way's results and the baseline's keep alive.
    ///
    /// Each side makes `copies` results and holds them all; the row reports the growth of
    /// the heap divided by `copies * objects`, the bytes each object costs. Without glibc
    /// (see ``HeapMeter``) the row is skipped with a note.
    ///
    /// - Parameters:
    ///   - name: The row's name.
    ///   - copies: How many results each side makes and holds at once; more make the
    ///     allocator's noise (its per-thread caches of freed blocks) smaller per object.
    ///   - objects: How many objects one result holds, so the bytes are per object.
    ///   - requiredRatio: The `baseline / etch` ratio this row must reach, if it has a bar:
    ///     `1 / 1.3` for "at most 1.3x the baseline's bytes".
    ///   - etch: Makes one result the Etch way.
    ///   - baseline: Makes the same result the way a user would without Etch.
    mutating func compareRetainedBytes<EtchResult, BaselineResult>(
        _ name: String, copies: Int, objects: Int, requiredRatio: Double? = nil,
        etch: () throws -> EtchResult, baseline: () throws -> BaselineResult
    ) throws {
        guard includes(name) else { return }
        #if canImport(Glibc)
            guard let meter = HeapMeter() else {
                note("skipped \(name): the C library has no malloc_info()")
                return
            }
            progress(name)
            let perObject = Double(copies * objects)
            let etchBytes = options.timesEtch ? try meter.retainedBytes(copies: copies, etch) : 0
            let baselineBytes = options.timesBaseline ? try meter.retainedBytes(copies: copies, baseline) : 0
            append(
                BenchmarkResult(
                    name: name, unit: .bytes, etch: Double(etchBytes) / perObject,
                    baseline: Double(baselineBytes) / perObject, requiredRatio: requiredRatio))
        #else
            note("skipped \(name): it needs glibc's malloc statistics")
        #endif
    }
}
