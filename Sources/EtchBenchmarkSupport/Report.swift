import Foundation

/// Prints results as a table for people or as JSON for tools.
///
/// What the two programs print alike lives here: the table's layout, the JSON, and the
/// figures; each program's columns, legend and bars live in an extension of its own.
package enum Report {
    /// The lines of a table: the header, a rule, then one line per row; the first column is
    /// aligned left, the others right.
    package static func lines(header: [String], rows: [[String]]) -> [String] {
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
        return [line(header), rule] + rows.map(line)
    }

    /// One JSON array of the rows, pretty-printed with sorted keys; each row type chooses its
    /// keys.
    package static func json<Row: Encodable>(_ results: [Row]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(results), as: UTF8.self)
    }

    /// A size in binary units that keeps three or four significant digits: `812 B`, `4.93 KiB`.
    package static func size(_ bytes: Double) -> String {
        let units: [(String, Double)] = [("GiB", 0x4000_0000), ("MiB", 0x10_0000), ("KiB", 0x400), ("B", 1)]
        for (unit, scale) in units where bytes >= scale || unit == "B" {
            let value = bytes / scale
            let digits = value >= 100 || unit == "B" ? 0 : value >= 10 ? 1 : 2
            return String(format: "%.\(digits)f", value) + " " + unit
        }
        return "\(bytes) B"
    }

    /// A duration with a unit that keeps three or four significant digits: `812 ns`, `1.25 ms`.
    package static func duration(_ seconds: Double) -> String {
        let units: [(String, Double)] = [("s", 1), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)]
        for (unit, scale) in units where seconds >= scale || unit == "ns" {
            let value = seconds / scale
            let digits = value >= 100 ? 0 : value >= 10 ? 1 : 2
            return String(format: "%.\(digits)f", value) + " " + unit
        }
        return "\(seconds) s"
    }

    /// `12.3x`; a ratio below 1 (Etch slower) reads `0.45x`.
    package static func ratio(_ value: Double) -> String {
        String(format: value >= 10 ? "%.0fx" : "%.2fx", value)
    }
}
