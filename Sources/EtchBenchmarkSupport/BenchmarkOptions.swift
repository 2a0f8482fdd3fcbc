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
