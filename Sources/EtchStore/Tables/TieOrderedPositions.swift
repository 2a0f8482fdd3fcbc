/// The order in which a read visits the positions of a sorted run of entries: ascending
/// positions forward, and in reverse the runs of equal keys from last to first, each run's
/// positions still ascending.
///
/// A sorted index orders entries by key, then by id; reading it backwards would put ties in
/// descending id order. Etch's rule is that ties go by id ascending in every API and both
/// directions, so a reverse read mirrors the positions within each run of equal keys. This
/// is a pure function of positions and a test of equal keys, so any sorted structure (an
/// array today, a persistent tree tomorrow) can reuse it.
///
/// ```swift
/// // keys at positions 0...4: 1, 2, 2, 2, 3
/// TieOrderedPositions.positions(in: 0..<5, reversed: true, offset: 0, limit: nil) { keys[$0] == keys[$1] }
/// // [4, 1, 2, 3, 0]
/// ```
enum TieOrderedPositions {
    /// Calls `body` with the positions of `range` in read order until it returns `false`.
    ///
    /// - Parameters:
    ///   - range: Positions of entries sorted by key.
    ///   - reversed: Whether the read goes from the largest key to the smallest.
    ///   - sameKey: Whether the entries at two positions have equal keys.
    ///   - body: Takes a position; returns whether to go on.
    /// - Complexity: O(*k* + *r* log *n*) for *k* positions visited in *r* runs.
    static func visit(
        _ range: Range<Int>, reversed: Bool, sameKey: (Int, Int) -> Bool, _ body: (Int) throws -> Bool
    ) rethrows {
        guard reversed else {
            for position in range where try !body(position) { return }
            return
        }
        var end = range.upperBound
        while end > range.lowerBound {
            let start = runStart(of: end - 1, from: range.lowerBound, sameKey: sameKey)
            for position in start..<end where try !body(position) { return }
            end = start
        }
    }

    /// The positions of `range` in read order, after skipping `offset` of them, at most
    /// `limit`.
    ///
    /// - Complexity: O(*k* + *r* log *n*) for *k* positions returned and *r* runs read or skipped.
    static func positions(
        in range: Range<Int>, reversed: Bool, offset: Int, limit: Int?, sameKey: (Int, Int) -> Bool
    ) -> [Int] {
        let skipped = min(max(offset, 0), range.count)
        let taken = min(range.count - skipped, max(limit ?? Int.max, 0))
        guard taken > 0 else { return [] }
        guard reversed else { return Array((range.lowerBound + skipped)..<(range.lowerBound + skipped + taken)) }
        var found: [Int] = []
        found.reserveCapacity(taken)
        var toSkip = skipped
        var end = range.upperBound
        while end > range.lowerBound, found.count < taken {
            let start = runStart(of: end - 1, from: range.lowerBound, sameKey: sameKey)
            let run = end - start
            if toSkip >= run {
                toSkip -= run
            } else {
                let first = start + toSkip
                toSkip = 0
                let last = min(end, first + taken - found.count)
                found.append(contentsOf: first..<last)
            }
            end = start
        }
        return found
    }

    /// The first position, not before `lowest`, whose key equals the key at `position`.
    private static func runStart(of position: Int, from lowest: Int, sameKey: (Int, Int) -> Bool) -> Int {
        // Equal keys are contiguous: below the run, keys differ; within it, they match.
        guard position > lowest, sameKey(position - 1, position) else { return position }
        var (low, high) = (lowest, position - 1)
        while low < high {
            let middle = low + (high - low) / 2
            if sameKey(middle, position) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
