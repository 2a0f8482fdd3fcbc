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

    /// Times the Etch way and the baseline way of the same work.
    ///
    /// - Parameters:
    ///   - name: The row's name.
    ///   - operations: How many operations one call of each closure performs.
    ///   - requiredRatio: The ratio this row must reach, if it has a bar to meet.
    ///   - etch: The work done with Etch; returns a value derived from its result.
    ///   - baseline: The same work done the way a user would without Etch.
    mutating func compare(
        _ name: String, operations: Int = 1, requiredRatio: Double? = nil,
        etch: () async throws -> Int, baseline: () async throws -> Int
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
        results.append(
            BenchmarkResult(name: name, etch: seconds[0], baseline: seconds[1], requiredRatio: requiredRatio))
    }

    /// Records a row whose two figures were measured by the caller, for work the harness's
    /// model (a closure called in a loop, timed on this process's clock) does not fit, such
    /// as the latency of a commit made by another process.
    ///
    /// The caller runs only the side ``Options/side`` selects, if any, and passes 0 for the
    /// other; it checks that the two sides give the same answer before measuring, as
    /// ``compare(_:operations:requiredRatio:etch:baseline:)`` requires of its closures.
    ///
    /// - Parameters:
    ///   - name: The row's name; the row is dropped when the filter leaves it out.
    ///   - unit: What the figures count.
    ///   - etch: The Etch figure, in `unit`.
    ///   - baseline: The baseline figure, in `unit`.
    ///   - requiredRatio: The ratio this row must reach, if it has a bar to meet.
    mutating func record(
        _ name: String, unit: BenchmarkUnit = .seconds, etch: Double, baseline: Double, requiredRatio: Double? = nil
    ) {
        guard includes(name) else { return }
        results.append(
            BenchmarkResult(name: name, unit: unit, etch: etch, baseline: baseline, requiredRatio: requiredRatio))
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
            let etchBytes = options.side == .baseline ? 0 : try meter.retainedBytes(copies: copies, etch)
            let baselineBytes = options.side == .etch ? 0 : try meter.retainedBytes(copies: copies, baseline)
            results.append(
                BenchmarkResult(
                    name: name, unit: .bytes, etch: Double(etchBytes) / perObject,
                    baseline: Double(baselineBytes) / perObject, requiredRatio: requiredRatio))
        #else
            note("skipped \(name): it needs glibc's malloc statistics")
        #endif
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
