import Foundation

/// Prints results as a table for people or as JSON for tools, as etch-bench does.
enum Report {
    /// A table with one row per result: the hand-written time, Etch's, the ratio, the bar.
    static func table(_ results: [BenchmarkResult]) -> String {
        let header = ["benchmark", "libpq by hand", "etch", "ratio", "bar"]
        let rows = results.map { result in
            [
                result.name, duration(result.baseline), duration(result.etch), ratio(result.ratio),
                result.ratio.isFinite && result.ratio > 0 ? (result.missesBar ? "MISSED" : "met") : "-",
            ]
        }
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }
            .joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }

    /// The lines under the table that say how to read it.
    static let legend = """
        ratio = libpq by hand / etch: above 1 means Etch is faster. Times are medians per operation.
        bar: Etch within 1.25x of the hand-written code's time (ratio at least \(ratio(BenchmarkResult.requiredRatio))).
        """

    /// One line per row that misses the bar.
    static func misses(_ results: [BenchmarkResult]) -> [String] {
        results.filter(\.missesBar).map { "bar: \($0.name): MISSED (\(ratio($0.ratio)))" }
    }

    /// One JSON array of objects with `name`, `unit`, `etch_seconds`, `baseline_seconds`,
    /// `ratio` and `meets_bar`.
    static func json(_ results: [BenchmarkResult]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(results), as: UTF8.self)
    }

    /// A size in binary units: `812 B`, `4.93 KiB`, `312 MiB`.
    static func size(_ bytes: Double) -> String {
        let units: [(String, Double)] = [("GiB", 0x4000_0000), ("MiB", 0x10_0000), ("KiB", 0x400), ("B", 1)]
        for (unit, scale) in units where bytes >= scale || unit == "B" {
            let value = bytes / scale
            let digits = value >= 100 || unit == "B" ? 0 : value >= 10 ? 1 : 2
            return String(format: "%.\(digits)f", value) + " " + unit
        }
        return "\(bytes) B"
    }

    /// A duration with a unit that keeps three or four significant digits: `812 ns`, `1.25 ms`.
    static func duration(_ seconds: Double) -> String {
        let units: [(String, Double)] = [("s", 1), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)]
        for (unit, scale) in units where seconds >= scale || unit == "ns" {
            let value = seconds / scale
            let digits = value >= 100 ? 0 : value >= 10 ? 1 : 2
            return String(format: "%.\(digits)f", value) + " " + unit
        }
        return "\(seconds) s"
    }

    /// `12.3x`; a ratio below 1 (Etch slower) reads `0.45x`.
    static func ratio(_ value: Double) -> String {
        guard value.isFinite, value > 0 else { return "-" }
        return String(format: value >= 10 ? "%.0fx" : "%.2fx", value)
    }
}
