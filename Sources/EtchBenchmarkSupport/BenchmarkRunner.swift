import Foundation

/// Runs comparisons through the ``Harness``, skips those the filter leaves out, and
/// collects one row per comparison.
///
/// Each program names its own rows and command line: etch-bench's rows carry a unit and a
/// bar each, etch-pg-bench's share one bar. What a program adds (rows with bars, memory rows,
/// rows of one side alone) it adds in an extension, through
/// ``secondsPerOperation(operations:etch:baseline:)`` and ``append(_:)``.
package struct BenchmarkRunner<Options: BenchmarkOptions, Row: BenchmarkRow> {
    /// The timing settings and the checksum.
    package var harness: Harness
    /// The command line.
    package let options: Options
    /// The results so far, in the order they ran.
    package private(set) var results: [Row] = []

    /// Makes a runner for the command line.
    package init(options: Options) {
        self.options = options
        harness = Harness(quick: options.quick)
    }

    /// Whether a comparison of this name runs, so callers can skip expensive setup.
    package func includes(_ name: String) -> Bool { options.includes(name) }

    /// Times the Etch way and the baseline way of the same work, in alternation.
    ///
    /// - Parameters:
    ///   - name: The row's name.
    ///   - operations: How many operations one call of each closure performs.
    ///   - etch: The work done with Etch; returns a value derived from its result.
    ///   - baseline: The same work done the way a user would without Etch.
    package mutating func compare(
        _ name: String, operations: Int = 1, etch: () async throws -> Int, baseline: () async throws -> Int
    ) async throws {
        guard includes(name) else { return }
        progress(name)
        let seconds = try await secondsPerOperation(operations: operations, etch: etch, baseline: baseline)
        append(Row(name: name, etch: seconds.etch, baseline: seconds.baseline))
    }

    /// The median seconds per operation of the two sides, timed in alternation; a side that
    /// `--side` leaves out is not run and reads 0.
    package mutating func secondsPerOperation(
        operations: Int, etch: () async throws -> Int, baseline: () async throws -> Int
    ) async throws -> (etch: Double, baseline: Double) {
        let seconds = try await withoutActuallyEscaping(etch) { etch in
            try await withoutActuallyEscaping(baseline) { baseline in
                try await harness.secondsPerOperation(
                    operations: operations,
                    [options.timesEtch ? etch : nil, options.timesBaseline ? baseline : nil])
            }
        }
        return (seconds[0], seconds[1])
    }

    /// Records a row whose two figures the caller measured, for work the harness's loop of
    /// timed calls on this process's clock does not fit (a bulk insert done once, commits
    /// made by other processes).
    ///
    /// The caller runs only the sides ``BenchmarkOptions`` selects and passes 0 for the
    /// other; it checks that the two sides give the same answer before measuring, as
    /// ``compare(_:operations:etch:baseline:)`` requires of its closures.
    ///
    /// - Parameters:
    ///   - name: The row's name; the row is dropped when the filter leaves it out.
    ///   - etch: The Etch figure.
    ///   - baseline: The baseline figure.
    package mutating func record(_ name: String, etch: Double, baseline: Double) {
        guard includes(name) else { return }
        append(Row(name: name, etch: etch, baseline: baseline))
    }

    /// Adds a row the caller made, after those so far.
    package mutating func append(_ row: Row) {
        results.append(row)
    }

    /// Says on standard error what runs now, so a long run shows it is alive.
    package func progress(_ message: String) {
        note("running \(message)")
    }

    /// Writes a line about the run on standard error, apart from the results.
    package func note(_ message: String) {
        FileHandle.standardError.write(Data("  \(message)\n".utf8))
    }
}
