import Foundation

/// Prints results as a table for people or as JSON for tools.
enum Report {
    /// A table with one row per result; times are per operation, bytes per object.
    static func table(_ results: [BenchmarkResult]) -> String {
        let header = ["benchmark", "etch", "baseline", "ratio"]
        let rows = results.map { result in
            [result.name, figure(result.etch, result.unit), figure(result.baseline, result.unit), ratio(result.ratio)]
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
        return ([line(header), rule] + rows.map(line) + bars(results)).joined(separator: "\n")
    }

    /// One line per row that has a bar to meet, saying whether it does.
    ///
    /// A time bar reads as the ratio: "must be at least 3.00x faster: MISSED (0.40x)". A
    /// memory bar reads as the inverse, Etch's bytes over the baseline's, since "at most 1.30x
    /// the baseline's bytes" says what the issue asks where "at least 0.77x" would not.
    static func bars(_ results: [BenchmarkResult]) -> [String] {
        results.compactMap { result in
            result.requiredRatio.map { required in
                let (demand, reached) =
                    switch result.unit {
                    case .seconds: ("be at least \(ratio(required)) faster", ratio(result.ratio))
                    case .bytes: ("use at most \(ratio(1 / required)) the baseline's bytes", ratio(1 / result.ratio))
                    }
                return "bar: \(result.name) must \(demand): " + (result.missesBar ? "MISSED" : "met") + " (\(reached))"
            }
        }
    }

    /// The line under the table that says how to read the ratio of each unit present.
    static func legend(_ results: [BenchmarkResult]) -> String {
        var legend = "ratio = baseline / etch: above 1 means Etch is faster. Times are medians per operation."
        if results.contains(where: { $0.unit == .bytes }) {
            legend += "\nFor bytes, above 1 means Etch keeps fewer: heap bytes in use per object."
        }
        return legend
    }

    /// One JSON array of objects with `name`, `unit`, the two figures and `ratio`: times as
    /// `etch_seconds` and `baseline_seconds`, bytes as `etch_bytes` and `baseline_bytes`.
    static func json(_ results: [BenchmarkResult]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(results), as: UTF8.self)
    }

    /// A figure in its unit: a duration for times, a size for bytes.
    static func figure(_ value: Double, _ unit: BenchmarkUnit) -> String {
        switch unit {
        case .seconds: duration(value)
        case .bytes: size(value)
        }
    }

    /// A size in binary units that keeps three or four significant digits: `812 B`, `4.93 KiB`.
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
        String(format: value >= 10 ? "%.0fx" : "%.2fx", value)
    }
}
