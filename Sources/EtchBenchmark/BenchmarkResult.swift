/// One row of the report: the same work done the Etch way and the baseline way.
struct BenchmarkResult: Codable {
    /// What was measured, such as `decode twitter.json`.
    var name: String
    /// Median seconds per operation, the Etch way.
    var etchSeconds: Double
    /// Median seconds per operation, the baseline way.
    var baselineSeconds: Double

    /// The ratio this row must reach, if it has a bar to meet; not part of the JSON output.
    var requiredRatio: Double?

    /// `baseline / etch`: above 1 means Etch is faster.
    var ratio: Double { baselineSeconds / etchSeconds }

    enum CodingKeys: String, CodingKey {
        case name
        case etchSeconds = "etch_seconds"
        case baselineSeconds = "baseline_seconds"
        case ratio
    }

    init(name: String, etchSeconds: Double, baselineSeconds: Double, requiredRatio: Double? = nil) {
        self.name = name
        self.etchSeconds = etchSeconds
        self.baselineSeconds = baselineSeconds
        self.requiredRatio = requiredRatio
    }

    /// Whether the row has a bar and falls short of it.
    var missesBar: Bool { requiredRatio.map { ratio < $0 } ?? false }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        etchSeconds = try container.decode(Double.self, forKey: .etchSeconds)
        baselineSeconds = try container.decode(Double.self, forKey: .baselineSeconds)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(etchSeconds, forKey: .etchSeconds)
        try container.encode(baselineSeconds, forKey: .baselineSeconds)
        try container.encode(ratio, forKey: .ratio)
    }
}
