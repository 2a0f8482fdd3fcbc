import Foundation

/// Runs comparisons through the ``Harness``, skips those the filter leaves out, and
/// collects one ``BenchmarkResult`` per comparison.
struct Runner {
    /// The timing settings and the checksum.
    var harness: Harness
    /// The command line.
    let options: Options
    /// The results so far, in the order they ran.
    private(set) var results: [BenchmarkResult] = []

    /// Makes a runner for the command line.
    init(options: Options) {
        self.options = options
        harness = Harness(quick: options.quick)
    }

    /// Whether a comparison of this name runs, so callers can skip expensive setup.
    func includes(_ name: String) -> Bool { options.includes(name) }

    /// Times the Etch way and the hand-written way of the same work, in alternation.
    ///
    /// - Parameters:
    ///   - name: The row's name.
    ///   - operations: How many operations one call of each closure performs.
    ///   - etch: The work done with Etch; returns a value derived from its result.
    ///   - baseline: The same work done with libpq by hand.
    mutating func compare(
        _ name: String, operations: Int = 1, etch: () async throws -> Int, baseline: () async throws -> Int
    ) async throws {
        guard includes(name) else { return }
        progress(name)
        let seconds = try await withoutActuallyEscaping(etch) { etch in
            try await withoutActuallyEscaping(baseline) { baseline in
                try await harness.secondsPerOperation(
                    operations: operations,
                    [options.side == .baseline ? nil : etch, options.side == .etch ? nil : baseline])
            }
        }
        results.append(BenchmarkResult(name: name, etch: seconds[0], baseline: seconds[1]))
    }

    /// Records a row whose two figures the caller measured, for work the harness's loop of
    /// timed calls does not fit (a bulk insert done once, commits made by other processes).
    mutating func record(_ name: String, etch: Double, baseline: Double) {
        guard includes(name) else { return }
        results.append(BenchmarkResult(name: name, etch: etch, baseline: baseline))
    }

    /// Says on standard error what runs now, so a long run shows it is alive.
    func progress(_ message: String) {
        note("running \(message)")
    }

    /// Writes a line about the run on standard error, apart from the results.
    func note(_ message: String) {
        FileHandle.standardError.write(Data("  \(message)\n".utf8))
    }
}

/// Thrown when the two sides of a comparison do not compute the same thing, which would
/// make its timing meaningless.
struct MismatchError: Error, CustomStringConvertible {
    var description: String
}

/// Throws a ``MismatchError`` unless the Etch side and the baseline agree.
func expectSame<T: Equatable>(_ etch: T, _ baseline: T, _ what: String) throws {
    guard etch == baseline else {
        throw MismatchError(description: "\(what): Etch gives \(etch), the baseline \(baseline)")
    }
}

extension Runner {
    /// Times one piece of the Etch side alone, for the breakdown rows (`--breakdown`): the
    /// row's baseline reads 0 and its ratio `-`.
    mutating func measure(_ name: String, operations: Int = 1, _ body: () async throws -> Int) async throws {
        guard includes(name) else { return }
        progress(name)
        let seconds = try await withoutActuallyEscaping(body) { body in
            try await harness.secondsPerOperation(operations: operations, [body])
        }
        results.append(BenchmarkResult(name: name, etch: seconds[0], baseline: 0))
    }
}
