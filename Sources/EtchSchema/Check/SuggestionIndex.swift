/// Candidate names indexed for "did you mean" look-ups that stay fast however many names a
/// schema declares and however long they are, and that find the closest name.
///
/// A look-up first finds every candidate one edit away (or differing only in case) through
/// ``OneEditVariants``, the hashes of each name with one character deleted: no name can be
/// closer, so one of them is the answer, whatever the number of names: one that differs only
/// in case if there is one, else the one that sorts first. Only when there is none does it compare candidates of about the name's length:
/// nearest lengths first and, within a length, the names nearest in sort order and those
/// nearest in the order of their reversed names (a typo near the start keeps the ending), at
/// most ``Suggestion/maximumComparisons`` of them, each with a bounded edit distance. All
/// look-ups together spend at most ``Suggestion/workBudget``, and answers are remembered, so
/// a misspelling repeated in many fields costs one look-up.
struct SuggestionIndex {
    /// A candidate, with its lowercased scalars for comparing.
    struct Candidate {
        var name: String
        var folded: [Unicode.Scalar]
    }

    /// Every candidate, sorted by name: a position is also the order that breaks ties.
    private var candidates: [Candidate] = []
    /// The positions of the candidates of each length in scalars, sorted by name.
    private var byLength: [Int: [Int]] = [:]
    /// The same groups, sorted by the candidates' reversed lowercased scalars.
    private var byLengthReversed: [Int: [Int]] = [:]
    /// The candidates one edit away from a name.
    private var variants = OneEditVariants()
    /// Every candidate name, for exact matches and aliases.
    private var names: Set<String> = []
    /// Answers already found.
    private var answers: [String: String?] = [:]
    /// The distance computation, which counts the work done.
    private var distances = EditDistance()

    /// The work spent on look-ups so far; see ``Suggestion/workBudget``.
    var work: Int { distances.work }

    /// Indexes the candidates.
    ///
    /// - Complexity: O(*n* log *n* + *c*) for *n* candidates of *c* characters in all.
    init(_ candidates: some Sequence<String>) {
        names = Set(candidates)
        self.candidates = names.sorted().map { Candidate(name: $0, folded: Array($0.lowercased().unicodeScalars)) }
        for (position, candidate) in self.candidates.enumerated() {
            byLength[candidate.name.unicodeScalars.count, default: []].append(position)
            variants.insert(candidate.folded, position: position)
        }
        variants.finish()
        let all = self.candidates
        byLengthReversed = byLength.mapValues { group in
            group.sorted { all[$0].folded.reversed().lexicographicallyPrecedes(all[$1].folded.reversed()) }
        }
    }

    /// The candidate closest to `name`, if one is close enough to be a likely typo; a name
    /// that differs only in case is one edit away, and beats other names one edit away.
    /// Other ties go to the name that sorts first.
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

    /// The closest candidate: one edit away if any is, else the closest of those compared.
    private mutating func search(_ name: String) -> String? {
        let folded = Array(name.lowercased().unicodeScalars)
        if let position = closestOneEditAway(from: name, folded: folded) { return candidates[position].name }
        return closestNearby(name, folded: folded)
    }

    /// The candidate one edit away from the name: one that differs only in case if any
    /// does, else the first in sort order.
    private mutating func closestOneEditAway(from name: String, folded: [Unicode.Scalar]) -> Int? {
        var best: (caseOnly: Bool, position: Int)?
        var comparisons = 0
        for position in variants.positions(oneEditFrom: folded, limit: Suggestion.maximumComparisons) {
            if let best, best.caseOnly, position >= best.position { continue }
            guard comparisons < Suggestion.maximumComparisons, work < Suggestion.workBudget else { break }
            comparisons += 1
            let candidate = candidates[position]
            guard candidate.name != name, let edits = distances.distance(folded, candidate.folded, bound: 1) else {
                continue
            }
            let caseOnly = edits == 0
            let isBetter = best.map { caseOnly == $0.caseOnly ? position < $0.position : caseOnly } ?? true
            if isBetter { best = (caseOnly, position) }
        }
        return best?.position
    }

    /// The closest of the candidates compared, nearest lengths first.
    private mutating func closestNearby(_ name: String, folded: [Unicode.Scalar]) -> String? {
        let nameLength = name.unicodeScalars.count
        let limit = Suggestion.distanceLimit(forLength: nameLength)
        var best: (distance: Int, position: Int)?
        var comparisons = 0
        var compared: Set<Int> = []
        // Lengths nearest to the name's first: 0, -1, +1, -2, +2, …; no candidate further
        // away in length than the best distance so far can beat it.
        for offset in 0...(2 * limit) {
            let difference = (offset + 1) / 2
            if let best, difference > best.distance { break }
            let length = nameLength + (offset % 2 == 0 ? difference : -difference)
            for position in nearest(to: name, folded: folded, amongLength: length)
            where compared.insert(position).inserted {
                guard comparisons < Suggestion.maximumComparisons, work < Suggestion.workBudget else {
                    return best.map { candidates[$0.position].name }
                }
                comparisons += 1
                let candidate = candidates[position]
                guard candidate.name != name else { continue }
                let caseOnly = candidate.folded == folded ? 1 : 0
                let bound = min(limit, best?.distance ?? limit) - caseOnly
                guard let edits = distances.distance(folded, candidate.folded, bound: bound) else { continue }
                let distance = edits + caseOnly
                if let current = best, (current.distance, current.position) <= (distance, position) { continue }
                best = (distance, position)
            }
        }
        return best.map { candidates[$0.position].name }
    }

    /// The candidates of one length, alternately the next nearest to the name in sort order
    /// and the next nearest in the order of reversed names.
    private func nearest(to name: String, folded: [Unicode.Scalar], amongLength length: Int) -> [Int] {
        guard let group = byLength[length], let reversedGroup = byLengthReversed[length] else { return [] }
        let forwardStart = Self.insertionPoint(in: group.count) { candidates[group[$0]].name < name }
        let reversedStart = Self.insertionPoint(in: reversedGroup.count) {
            candidates[reversedGroup[$0]].folded.reversed().lexicographicallyPrecedes(folded.reversed())
        }
        // Both orders hold the whole group; more than the comparisons allowed is never needed.
        let count = min(group.count, Suggestion.maximumComparisons)
        var forward = Self.outward(from: forwardStart, count: group.count).makeIterator()
        var backward = Self.outward(from: reversedStart, count: group.count).makeIterator()
        var positions: [Int] = []
        positions.reserveCapacity(2 * count)
        for _ in 0..<count {
            if let next = forward.next() { positions.append(group[next]) }
            if let next = backward.next() { positions.append(reversedGroup[next]) }
        }
        return positions
    }

    /// The first index in `0..<count` for which `precedes` is false, given that it is true
    /// for a prefix of the indices and false after.
    private static func insertionPoint(in count: Int, where precedes: (Int) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if precedes(middle) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The positions `0..<count` from `start` outwards: start, start - 1, start + 1, …
    private static func outward(from start: Int, count: Int) -> some Sequence<Int> {
        (0..<(2 * count + 1)).lazy.map { step in step % 2 == 0 ? start + step / 2 : start - (step + 1) / 2 }
            .filter { $0 >= 0 && $0 < count }
    }
}
