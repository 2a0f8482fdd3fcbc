/// One row of the report: the same work done the Etch way and the baseline way.
struct BenchmarkResult: Codable {
    /// What was measured, such as `decode twitter.json`.
    var name: String
    /// What the two figures count: seconds per operation, or bytes.
    var unit: BenchmarkUnit
    /// The Etch figure, in ``unit``: the median seconds per operation, or the bytes kept.
    var etch: Double
    /// The baseline figure, in ``unit``.
    var baseline: Double

    /// The ratio this row must reach, if it has a bar to meet; not part of the JSON output.
    /// For a memory row it is below 1 when Etch may use more than the baseline: 1 / 1.3
    /// reads "at most 1.3x the baseline's bytes".
    var requiredRatio: Double?

    /// `baseline / etch`: above 1 means Etch is faster, or for bytes, smaller.
    var ratio: Double { baseline / etch }

    enum CodingKeys: String, CodingKey {
        case name
        case unit
        case etchSeconds = "etch_seconds"
        case baselineSeconds = "baseline_seconds"
        case etchBytes = "etch_bytes"
        case baselineBytes = "baseline_bytes"
        case ratio
    }

    /// Makes a row of `unit` from its two figures.
    init(name: String, unit: BenchmarkUnit = .seconds, etch: Double, baseline: Double, requiredRatio: Double? = nil) {
        self.name = name
        self.unit = unit
        self.etch = etch
        self.baseline = baseline
        self.requiredRatio = requiredRatio
    }

    /// Whether the row has a bar and falls short of it.
    var missesBar: Bool { requiredRatio.map { ratio < $0 } ?? false }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        // Output written before rows had units holds times only.
        unit = try container.decodeIfPresent(BenchmarkUnit.self, forKey: .unit) ?? .seconds
        etch = try container.decode(Double.self, forKey: unit.jsonKeys.etch)
        baseline = try container.decode(Double.self, forKey: unit.jsonKeys.baseline)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(unit, forKey: .unit)
        try container.encode(etch, forKey: unit.jsonKeys.etch)
        try container.encode(baseline, forKey: unit.jsonKeys.baseline)
        // A side timed alone (`--side`) reads 0 s on the other, and JSON has no infinity:
        // such a row's ratio is `null`.
        if ratio.isFinite {
            try container.encode(ratio, forKey: .ratio)
        } else {
            try container.encodeNil(forKey: .ratio)
        }
    }
}
