/// Candidate names grouped by length, for "did you mean" look-ups that stay fast however
/// many names a schema declares and however long they are.
///
/// A typo of a name has about the name's length, so a look-up compares only candidates whose
/// length is within the distance limit, nearest lengths first and, within a length, names
/// that sort nearest first (they share the longest prefix), at most
/// ``Suggestion/maximumComparisons`` of them, each with a bounded edit distance, and all
/// look-ups together spend at most ``Suggestion/workBudget``. Answers are remembered, so a
/// misspelling repeated in many fields costs one look-up.
struct SuggestionIndex {
    /// A candidate, with its lowercased scalars for comparing.
    struct Candidate {
        var name: String
        var folded: [Unicode.Scalar]
    }

    /// The candidates by their length in scalars, each group sorted by name.
    private var byLength: [Int: [Candidate]] = [:]
    /// Every candidate name, for exact matches and aliases.
    private var names: Set<String> = []
    /// Answers already found.
    private var answers: [String: String?] = [:]
    /// The distance computation, which counts the work done.
    private var distances = EditDistance()

    /// The work spent on look-ups so far; see ``Suggestion/workBudget``.
    var work: Int { distances.work }

    /// Groups the candidates.
    ///
    /// - Complexity: O(*n* log *n*) for *n* candidates.
    init(_ candidates: some Sequence<String>) {
        for name in Set(candidates) {
            names.insert(name)
            let folded = Array(name.lowercased().unicodeScalars)
            byLength[name.unicodeScalars.count, default: []].append(Candidate(name: name, folded: folded))
        }
        for length in byLength.keys { byLength[length]?.sort { $0.name < $1.name } }
    }

    /// The candidate closest to `name`, if one is close enough to be a likely typo; a name
    /// that differs only in case is one edit away. Ties go to the name that sorts first.
    mutating func closest(to name: String) -> String? {
        if let answer = answers[name] { return answer }
        let answer = search(name)
        answers[name] = answer
        return answer
    }

    /// `message` with `; did you mean 'x'?` added when the candidates hold an alias of `name`
    /// or a close name; otherwise `otherwise` is added.
    mutating func message(_ message: String, for name: String, prefix: String = "", otherwise: String = "")
        -> String
    {
        let alias = TypeNameAlias.spelling(of: name).flatMap { names.contains($0) ? $0 : nil }
        return Suggestion.phrase(message, suggesting: alias ?? closest(to: name), prefix: prefix, otherwise: otherwise)
    }

    /// The closest candidate, comparing nearest lengths first.
    private mutating func search(_ name: String) -> String? {
        let folded = Array(name.lowercased().unicodeScalars)
        let nameLength = name.unicodeScalars.count
        let limit = Suggestion.distanceLimit(forLength: nameLength)
        var best: (distance: Int, name: String)?
        var comparisons = 0
        // Lengths nearest to the name's first: 0, -1, +1, -2, +2, …; no candidate further
        // away in length than the best distance so far can beat it.
        for offset in 0...(2 * limit) {
            let difference = (offset + 1) / 2
            if let best, difference > best.distance { break }
            let length = nameLength + (offset % 2 == 0 ? difference : -difference)
            let group = byLength[length] ?? []
            for position in Self.outward(from: Self.insertionPoint(of: name, in: group), count: group.count) {
                let candidate = group[position]
                guard candidate.name != name else { continue }
                guard comparisons < Suggestion.maximumComparisons, work < Suggestion.workBudget else {
                    return best?.name
                }
                comparisons += 1
                let caseOnly = candidate.folded == folded ? 1 : 0
                let bound = min(limit, best?.distance ?? limit) - caseOnly
                guard let edits = distances.distance(folded, candidate.folded, bound: bound) else { continue }
                let distance = edits + caseOnly
                if let current = best, (current.distance, current.name) <= (distance, candidate.name) { continue }
                best = (distance, candidate.name)
            }
        }
        return best?.name
    }

    /// Where `name` would go in a group sorted by name.
    private static func insertionPoint(of name: String, in group: [Candidate]) -> Int {
        var low = 0
        var high = group.count
        while low < high {
            let middle = (low + high) / 2
            if group[middle].name < name { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The positions `0..<count` from `start` outwards: start, start - 1, start + 1, …
    private static func outward(from start: Int, count: Int) -> some Sequence<Int> {
        (0..<(2 * count + 1)).lazy.map { step in step % 2 == 0 ? start + step / 2 : start - (step + 1) / 2 }
            .filter { $0 >= 0 && $0 < count }
    }
}
