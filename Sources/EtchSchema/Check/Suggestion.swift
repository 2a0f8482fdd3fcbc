/// "Did you mean" suggestions: the closest candidate by edit distance, and the schema's
/// spelling of type names other languages use (`Integer`, `bool`, `Float64`, …).
enum Suggestion {
    /// The largest edit distance ever suggested across, whatever the name's length.
    static let maximumDistance = 8
    /// How many candidates one look-up compares at most. Schemas with fewer names of a
    /// similar length than this get the closest of all of them.
    static let maximumComparisons = 500
    /// How much comparing (characters compared and distance table cells) one set of
    /// candidates may spend over all its look-ups; after that, only aliases are suggested.
    /// A schema would need a thousand misspelled names among hundreds of similar ones to
    /// reach it; it costs well under a second.
    static let workBudget = 10_000_000

    /// The candidate closest to `name`, if one is close enough to be a likely typo.
    ///
    /// - Complexity: O(*k* × *m* × *d*) for *k* candidates (at most ``maximumComparisons``
    ///   of them compared) of length about *m*, and the distance bound *d*; never more than
    ///   ``workBudget``.
    static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        var index = SuggestionIndex(candidates)
        return index.closest(to: name)
    }

    /// The largest edit distance that still reads as a typo of a name of `length` characters.
    static func distanceLimit(forLength length: Int) -> Int {
        min(max(1, length / 3), maximumDistance)
    }

    /// `message` with `; did you mean 'x'?` added when a close candidate exists.
    /// Without a close candidate, `otherwise` (such as `; expected a or b`) is added instead.
    static func message(
        _ message: String, for name: String, among candidates: some Sequence<String>, prefix: String = "",
        otherwise: String = ""
    ) -> String {
        var index = SuggestionIndex(candidates)
        return index.message(message, for: name, prefix: prefix, otherwise: otherwise)
    }

    /// Names in quotes for a message: `'a', 'b' or 'c'`.
    static func list(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        guard quoted.count > 1, let last = quoted.last else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + last
    }
}
