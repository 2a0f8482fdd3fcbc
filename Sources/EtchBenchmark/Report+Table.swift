import EtchBenchmarkSupport

/// etch-bench's table: each row's two figures in its unit, the ratio, and the bars.
extension Report {
    /// A table with one row per result; times are per operation, bytes per object.
    static func table(_ results: [BenchmarkResult]) -> String {
        let header = ["benchmark", "etch", "baseline", "ratio"]
        let rows = results.map { result in
            [result.name, figure(result.etch, result.unit), figure(result.baseline, result.unit), ratio(result.ratio)]
        }
        return (lines(header: header, rows: rows) + bars(results)).joined(separator: "\n")
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

    /// A figure in its unit: a duration for times, a size for bytes.
    static func figure(_ value: Double, _ unit: BenchmarkUnit) -> String {
        switch unit {
        case .seconds: duration(value)
        case .bytes: size(value)
        }
    }
}
