/// "Did you mean" suggestions: the closest candidate by edit distance, and the schema's
/// spelling of type names other languages use (`Integer`, `bool`, `Float64`, …).
enum Suggestion {
    /// The largest edit distance ever suggested across, whatever the name's length.
    static let maximumDistance = 8
    /// How many candidates one look-up compares at most. Schemas with fewer names of a
    /// similar length than this get the closest of all of them.
    static let maximumComparisons = 100
    /// How much comparing (characters compared and distance table cells) one set of
    /// candidates may spend over all its look-ups; after that, only aliases are suggested.
    /// A schema would need a thousand misspelled names among hundreds of similar ones to
    /// reach it; it costs well under a second.
    static let workBudget = 10_000_000

    /// The candidate closest to `name`, if one is close enough to be a likely typo; a name
    /// that differs only in case is one edit away. Ties go to the name that sorts first.
    ///
    /// One pass over the candidates: those whose length is further from the name's than the
    /// distance limit are skipped at the cost of a length check, and the pass stops after
    /// ``maximumComparisons`` edit distances. For many look-ups among the same names, use a
    /// ``SuggestionIndex``.
    ///
    /// - Complexity: O(*k*) for *k* candidates, plus at most ``maximumComparisons`` bounded
    ///   edit distances of O(*m* × *d*) for names of length *m* and the distance limit *d*.
    static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let folded = Array(name.lowercased().unicodeScalars)
        let length = name.unicodeScalars.count
        let limit = distanceLimit(forLength: length)
        var distances = EditDistance()
        var best: (distance: Int, name: String)?
        var comparisons = 0
        for candidate in candidates where candidate != name {
            // A scalar takes one to four UTF-8 bytes: a cheap bound before counting scalars.
            let bytes = candidate.utf8.count
            guard bytes >= length - limit, bytes <= 4 * (length + limit),
                abs(candidate.unicodeScalars.count - length) <= min(limit, best?.distance ?? limit)
            else { continue }
            guard comparisons < maximumComparisons else { break }
            comparisons += 1
            guard let distance = distances.caseInsensitiveDistance(folded, candidate, bound: best?.distance ?? limit)
            else { continue }
            if let current = best, (current.distance, current.name) <= (distance, candidate) { continue }
            best = (distance, candidate)
        }
        return best?.name
    }

    /// The largest edit distance that still reads as a typo of a name of `length` characters.
    static func distanceLimit(forLength length: Int) -> Int {
        min(max(1, length / 3), maximumDistance)
    }

    /// `message` with `; did you mean 'x'?` added when the candidates hold the schema's
    /// spelling of a type another language names that way (`Integer` -> `Int`), or a close
    /// name. Without either, `otherwise` (such as `; expected a or b`) is added instead.
    static func message(
        _ message: String, for name: String, among candidates: some Collection<String>, prefix: String = "",
        otherwise: String = ""
    ) -> String {
        let alias = TypeNameAlias.spelling(of: name).flatMap { candidates.contains($0) ? $0 : nil }
        return phrase(
            message, suggesting: alias ?? closest(to: name, among: candidates), prefix: prefix, otherwise: otherwise)
    }

    /// `message; did you mean 'prefix suggestion'?`, or `message` and `otherwise` without one.
    static func phrase(_ message: String, suggesting suggestion: String?, prefix: String, otherwise: String) -> String {
        guard let suggestion else { return message + otherwise }
        return "\(message); did you mean '\(prefix)\(suggestion)'?"
    }

    /// Names in quotes for a message: `'a', 'b' or 'c'`.
    static func list(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        guard quoted.count > 1, let last = quoted.last else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + last
    }
}
