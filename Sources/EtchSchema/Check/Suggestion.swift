/// "Did you mean" suggestions: the closest candidate by edit distance.
enum Suggestion {
    /// The candidate closest to `name`, if one is close enough to be a likely typo.
    ///
    /// - Complexity: O(*m* × *n* × *k*) for *k* candidates of length about *m*.
    static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let limit = max(1, name.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates.sorted() where candidate != name {
            let distance =
                editDistance(name.lowercased(), candidate.lowercased())
                + (name.lowercased() == candidate.lowercased() ? 1 : 0)
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// `message` with `; did you mean 'x'?` added when a close candidate exists.
    /// Without a close candidate, `otherwise` (such as `; expected a or b`) is added instead.
    static func message(
        _ message: String, for name: String, among candidates: some Sequence<String>, prefix: String = "",
        otherwise: String = ""
    ) -> String {
        guard let suggestion = closest(to: name, among: candidates) else { return message + otherwise }
        return "\(message); did you mean '\(prefix)\(suggestion)'?"
    }

    /// The Levenshtein distance between two strings.
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let lhs = Array(lhs)
        let rhs = Array(rhs)
        if lhs.isEmpty { return rhs.count }
        if rhs.isEmpty { return lhs.count }
        var previous = Array(0...rhs.count)
        var current = previous
        for i in 1...lhs.count {
            current[0] = i
            for j in 1...rhs.count {
                let substitution = previous[j - 1] + (lhs[i - 1] == rhs[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[rhs.count]
    }

    /// Names in quotes for a message: `'a', 'b' or 'c'`.
    static func list(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        guard quoted.count > 1, let last = quoted.last else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + last
    }
}
