import Foundation

/// Prints results as a table for people or as JSON for tools.
enum Report {
    /// A table with one row per result; times are per operation.
    static func table(_ results: [BenchmarkResult]) -> String {
        let header = ["benchmark", "etch", "baseline", "ratio"]
        let rows = results.map { result in
            [result.name, duration(result.etchSeconds), duration(result.baselineSeconds), ratio(result.ratio)]
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
    static func bars(_ results: [BenchmarkResult]) -> [String] {
        results.compactMap { result in
            result.requiredRatio.map { required in
                "bar: \(result.name) must be at least \(ratio(required)) faster: "
                    + (result.missesBar ? "MISSED (\(ratio(result.ratio)))" : "met (\(ratio(result.ratio)))")
            }
        }
    }

    /// One JSON array of objects with `name`, `etch_seconds`, `baseline_seconds` and `ratio`.
    static func json(_ results: [BenchmarkResult]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(results), as: UTF8.self)
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
