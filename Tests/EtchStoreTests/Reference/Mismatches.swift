/// The disagreements found between a store and the reference, in words.
struct Mismatches {
    /// One line per disagreement.
    private(set) var lines: [String] = []

    /// Whether none was found.
    var isEmpty: Bool { lines.isEmpty }

    /// Notes a disagreement when the store's answer is not the reference's.
    mutating func compare<Value: Equatable>(_ what: String, _ stored: Value, _ expected: Value) {
        if stored != expected { lines.append("\(what): the store has \(stored), the reference \(expected)") }
    }

    /// Adds the disagreements of another comparison, each line prefixed.
    mutating func append(_ other: Mismatches, prefix: String) {
        lines += other.lines.map { prefix + $0 }
    }
}
