@_spi(EtchCollections) import Etch

/// The part of a live query's sorted matches that its observers see: `fetchOffset` and
/// `fetchLimit` applied as ``StoreQuery`` applies them.
package struct LiveWindow: Sendable {
    /// How many matches to skip, at least 0.
    let offset: Int
    /// The most matches to show, at least 0; `nil` for all.
    let limit: Int?

    package init(offset: Int, limit: Int?) {
        self.offset = max(0, offset)
        self.limit = limit.map { max(0, $0) }
    }

    /// Whether every match is shown, so a change's indices need no translation.
    var isWhole: Bool { offset == 0 && limit == nil }

    /// The positions shown among `count` matches.
    func range(in count: Int) -> Range<Int> {
        let lower = min(offset, count)
        guard let limit else { return lower..<count }
        return lower..<min(count, lower + limit)
    }

    /// Whether a change with these indices into all the matches leaves the window as it
    /// was: every index, old and new, falls after it.
    func isUntouched<Element>(by change: ChangeIndices<Element>) -> Bool {
        guard let limit else { return false }
        let end = offset + limit
        return change.deletions.allSatisfy { $0 >= end } && change.insertions.allSatisfy { $0 >= end }
            && change.moves.allSatisfy { $0.oldIndex >= end && $0.newIndex >= end }
            && change.updates.allSatisfy { $0.oldIndex >= end && $0.newIndex >= end }
    }
}
