/// Bounded edit distance (optimal string alignment: insertions, deletions, substitutions
/// and transpositions of two adjacent characters each count as one edit, so `Lable` is one
/// edit from `Label`), with its tables kept between calls and the work it did counted
/// (characters compared plus table cells computed).
struct EditDistance {
    private var beforePrevious: [Int] = []
    private var previous: [Int] = []
    private var current: [Int] = []
    /// The work done by every call so far.
    private(set) var work = 0

    /// The distance of `candidate` from a name already lowercased into scalars, when it is at
    /// most `bound`; a candidate that differs only in case is one edit away.
    mutating func caseInsensitiveDistance(_ folded: [Unicode.Scalar], _ candidate: String, bound: Int) -> Int? {
        let other = Array(candidate.lowercased().unicodeScalars)
        let caseOnly = other == folded ? 1 : 0
        return distance(folded, other, bound: bound - caseOnly).map { $0 + caseOnly }
    }

    /// The edit distance between two strings, when it is at most `bound`.
    ///
    /// A common prefix and suffix are skipped first; of the rest, only the cells within
    /// `bound` of the diagonal are computed, and the computation stops as soon as a whole
    /// row exceeds `bound`.
    ///
    /// - Returns: The distance, or `nil` when it is larger than `bound`.
    /// - Complexity: O(*m* × *bound*) for strings of length *m*.
    mutating func distance(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar], bound: Int) -> Int? {
        guard bound >= 0, abs(lhs.count - rhs.count) <= bound else { return nil }
        var start = 0
        while start < lhs.count, start < rhs.count, lhs[start] == rhs[start] { start += 1 }
        var lhsEnd = lhs.count
        var rhsEnd = rhs.count
        while lhsEnd > start, rhsEnd > start, lhs[lhsEnd - 1] == rhs[rhsEnd - 1] {
            lhsEnd -= 1
            rhsEnd -= 1
        }
        work += start + lhs.count - lhsEnd + 1
        return banded(lhs[start..<lhsEnd], rhs[start..<rhsEnd], bound: bound)
    }

    /// The distance of what is left once the common ends are skipped.
    private mutating func banded(_ lhs: ArraySlice<Unicode.Scalar>, _ rhs: ArraySlice<Unicode.Scalar>, bound: Int)
        -> Int?
    {
        if lhs.isEmpty || rhs.isEmpty { return max(lhs.count, rhs.count) }
        let outside = bound + 1
        let width = rhs.count + 1
        if previous.count < width {
            previous = [Int](repeating: outside, count: width)
            current = previous
            beforePrevious = previous
        }
        for j in 0..<width { previous[j] = j <= bound ? j : outside }
        let left = lhs.startIndex - 1
        let right = rhs.startIndex - 1
        for i in 1...lhs.count {
            let low = max(1, i - bound)
            let high = min(rhs.count, i + bound)
            current[low - 1] = low == 1 && i <= bound ? i : outside
            var rowMinimum = current[low - 1]
            if low <= high {
                for j in low...high {
                    let substitution = previous[j - 1] + (lhs[left + i] == rhs[right + j] ? 0 : 1)
                    var value = min(substitution, previous[j] + 1, current[j - 1] + 1, outside)
                    // Two adjacent characters swapped: one edit from the cell two rows up.
                    // The band of row i - 2 holds column j - 2 for every j of this row's band.
                    if i > 1, j > 1, lhs[left + i] == rhs[right + j - 1], lhs[left + i - 1] == rhs[right + j] {
                        value = min(value, beforePrevious[j - 2] + 1)
                    }
                    current[j] = value
                    rowMinimum = min(rowMinimum, value)
                }
                work += high - low + 1
            }
            if high < rhs.count { current[high + 1] = outside }
            // No later cell is below the row's minimum: a transposition adds one to a cell
            // two rows up, which is at least the substitution below it minus one.
            guard rowMinimum <= bound else { return nil }
            swap(&beforePrevious, &previous)
            swap(&previous, &current)
        }
        let distance = previous[rhs.count]
        return distance <= bound ? distance : nil
    }
}
