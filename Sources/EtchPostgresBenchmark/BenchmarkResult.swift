/// One row of the report: the same work done on PostgreSQL the Etch way and by hand.
struct BenchmarkResult: Encodable {
    /// What was measured, such as `lookup by id, 100k albums`.
    var name: String
    /// The Etch figure: the median seconds per operation.
    var etch: Double
    /// The hand-written figure: the median seconds per operation.
    var baseline: Double

    /// The ratio every row must reach: Etch within 1.25x of the hand-written code's time.
    static let requiredRatio = 1 / 1.25

    /// `baseline / etch`: above 1 means Etch is faster.
    var ratio: Double { baseline / etch }

    /// Whether the row falls short of the bar.
    var missesBar: Bool { ratio < Self.requiredRatio }

    enum CodingKeys: String, CodingKey {
        case name
        case unit
        case etchSeconds = "etch_seconds"
        case baselineSeconds = "baseline_seconds"
        case ratio
        case meetsBar = "meets_bar"
    }

    /// etch-bench's JSON keys, and whether the row meets the bar; `ratio` and `meets_bar`
    /// are `null` when one side was not timed (`--side`).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode("seconds", forKey: .unit)
        try container.encode(etch, forKey: .etchSeconds)
        try container.encode(baseline, forKey: .baselineSeconds)
        if ratio.isFinite && ratio > 0 {
            try container.encode(ratio, forKey: .ratio)
            try container.encode(!missesBar, forKey: .meetsBar)
        } else {
            try container.encodeNil(forKey: .ratio)
            try container.encodeNil(forKey: .meetsBar)
        }
    }
}
