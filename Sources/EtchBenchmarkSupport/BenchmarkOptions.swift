/// What a ``BenchmarkRunner`` needs of a benchmark program's command line.
package protocol BenchmarkOptions {
    /// Tiny sizes and iteration counts, for a CI smoke run (`--quick`).
    var quick: Bool { get }
    /// Whether the Etch side is timed: false when `--side baseline` leaves it out.
    var timesEtch: Bool { get }
    /// Whether the baseline side is timed: false when `--side etch` leaves it out.
    var timesBaseline: Bool { get }

    /// Whether a row of this name runs: `--filter` leaves out the others.
    func includes(_ name: String) -> Bool
}

/// One row of a benchmark program's report, as a ``BenchmarkRunner`` makes it.
package protocol BenchmarkRow {
    /// A row of seconds per operation with no bar of its own to meet.
    ///
    /// - Parameters:
    ///   - name: What was measured.
    ///   - etch: The Etch side's figure; 0 when the side was not timed.
    ///   - baseline: The baseline side's figure; 0 when the side was not timed.
    init(name: String, etch: Double, baseline: Double)
}
