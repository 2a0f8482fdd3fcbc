import EtchBenchmarkSupport

/// etch-pg-bench's table: the hand-written time first, Etch's, the ratio, and the one bar.
extension Report {
    /// A table with one row per result: the hand-written time, Etch's, the ratio, the bar.
    static func table(_ results: [BenchmarkResult]) -> String {
        let header = ["benchmark", "libpq by hand", "etch", "ratio", "bar"]
        let rows = results.map { result in
            [
                result.name, duration(result.baseline), duration(result.etch), timedRatio(result.ratio),
                result.ratio.isFinite && result.ratio > 0 ? (result.missesBar ? "MISSED" : "met") : "-",
            ]
        }
        return lines(header: header, rows: rows).joined(separator: "\n")
    }

    /// The lines under the table that say how to read it.
    static let legend = """
        ratio = libpq by hand / etch: above 1 means Etch is faster. Times are medians per operation.
        bar: Etch within 1.25x of the hand-written code's time (ratio at least \(timedRatio(BenchmarkResult.requiredRatio))).
        """

    /// One line per row that misses the bar.
    static func misses(_ results: [BenchmarkResult]) -> [String] {
        results.filter(\.missesBar).map { "bar: \($0.name): MISSED (\(timedRatio($0.ratio)))" }
    }

    /// ``ratio(_:)``, or `-` for a row with a side not timed (`--side`, the breakdown rows).
    static func timedRatio(_ value: Double) -> String {
        guard value.isFinite, value > 0 else { return "-" }
        return ratio(value)
    }
}
