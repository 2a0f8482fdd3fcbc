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
