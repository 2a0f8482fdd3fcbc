/// What a row's two figures count: time per operation for most rows, heap bytes for the
/// memory rows. The unit decides how the report prints the figures and reads the ratio.
enum BenchmarkUnit: String, Codable, CaseIterable {
    /// Seconds per operation; a ratio above 1 means Etch is faster.
    case seconds
    /// Heap bytes kept per object; a ratio above 1 means Etch keeps fewer.
    case bytes

    /// The JSON keys of the Etch and the baseline figure: `etch_seconds` and
    /// `baseline_seconds` for times, as tools reading the output have always found them,
    /// and `etch_bytes` and `baseline_bytes` for memory, so no byte count is read as time.
    var jsonKeys: (etch: BenchmarkResult.CodingKeys, baseline: BenchmarkResult.CodingKeys) {
        switch self {
        case .seconds: (.etchSeconds, .baselineSeconds)
        case .bytes: (.etchBytes, .baselineBytes)
        }
    }
}
