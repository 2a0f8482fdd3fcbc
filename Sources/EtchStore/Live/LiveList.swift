@_spi(EtchCollections) import Etch
import Foundation

/// The results of one observed query or relation, which the store brings up to date in
/// every commit that changes their model type; see ``Store/observe(_:)``.
///
/// It keeps every match sorted in the ``SortedStore`` a ``DataSource`` uses, so a commit of
/// *m* objects costs *m* membership tests and the sorted store's O(*m* log *n*) update (one
/// O(*n*) merge for more than a few objects), and
/// its observers get the same ``ListChange`` events a data source sends. A window (an offset
/// or a limit) is compared with the one shown before, which costs O(*w*) for *w* shown
/// objects, and only when the commit touched the window.
package final class LiveList<Model: IdentifiedModel> {
    /// Every match, sorted.
    private var matches: SortedStore<Model>
    /// The part shown.
    private let window: LiveWindow
    /// What was shown after the last change, when the window is not every match.
    private var shown: [Model] = []
    private let isMember: (Model) -> Bool
    /// Sends a change to the list's consumer.
    private let send: (ListChange<Model>) -> Void

    /// Starts a list with its current members and sends them as the first change.
    ///
    /// - Parameters:
    ///   - members: The objects that match now, in any order.
    ///   - order: The sort keys; ties go by id.
    ///   - window: The part shown.
    ///   - isMember: Whether an object belongs to the list.
    ///   - send: Sends a change to the list's consumer.
    package init(
        members: [Model], order: [SortKey<Model>], window: LiveWindow, isMember: @escaping (Model) -> Bool,
        send: @escaping (ListChange<Model>) -> Void
    ) {
        matches = SortedStore(order: ElementOrder(keys: order))
        _ = matches.apply(upserting: members, keepingLocalValues: false)
        self.window = window
        self.isMember = isMember
        self.send = send
        let visible = visible
        if !window.isWhole { shown = visible }
        send(.initial(visible))
    }

    /// The objects shown now.
    private var visible: [Model] {
        window.isWhole ? matches.elements : Array(matches.elements[window.range(in: matches.count)])
    }

    /// Applies one commit's change and sends what it did to the shown objects, if anything.
    package func receive(_ change: StoreChange<Model>) {
        var upserts: [Model] = []
        var removedIDs: [Model.ID] = []
        // Whether each replaced member's sort keys changed: a move if so, else an update.
        var keysChanged: [Model.ID: Bool] = [:]
        for object in change.inserted where isMember(object) { upserts.append(object) }
        for object in change.updated {
            let old = matches.byID[object.id]
            if isMember(object) {
                upserts.append(object)
                if let old, !window.isWhole {
                    keysChanged[object.id] = matches.order.compareKeys(old, object) != .orderedSame
                }
            } else if old != nil {
                removedIDs.append(object.id)
            }
        }
        for object in change.deleted where matches.byID[object.id] != nil { removedIDs.append(object.id) }
        guard !upserts.isEmpty || !removedIDs.isEmpty else { return }

        let removals = removedIDs.compactMap(matches.index(ofID:)).sorted()
        let indices = matches.apply(upserting: upserts, removingIndices: removals, keepingLocalValues: false)
        guard !indices.isEmpty else { return }
        if window.isWhole {
            send(indices.listChange(snapshot: matches.elements))
            return
        }
        guard !window.isUntouched(by: indices) else { return }
        let now = visible
        let windowIndices = Self.difference(from: shown, to: now, keysChanged: keysChanged)
        shown = now
        if !windowIndices.isEmpty { send(windowIndices.listChange(snapshot: now)) }
    }

    /// The change from one shown window to the next, by id.
    ///
    /// Objects in both that the commit did not replace, or replaced without changing their
    /// sort keys, keep their order relative to each other; so removing the rest and
    /// inserting them at their new places gives `new`.
    ///
    /// - Complexity: O(*w*) for windows of *w* objects.
    static func difference(from old: [Model], to new: [Model], keysChanged: [Model.ID: Bool])
        -> ChangeIndices<Model>
    {
        var oldPositions: [Model.ID: Int] = [:]
        oldPositions.reserveCapacity(old.count)
        for (position, object) in old.enumerated() { oldPositions[object.id] = position }
        let newIDs = Set(new.map(\.id))
        var change = ChangeIndices<Model>()
        change.deletions = old.indices.filter { !newIDs.contains(old[$0].id) }
        for (newIndex, object) in new.enumerated() {
            guard let oldIndex = oldPositions[object.id] else {
                change.insertions.append(newIndex)
                continue
            }
            switch keysChanged[object.id] {
            case nil: continue
            case true?: change.moves.append(.init(oldIndex: oldIndex, newIndex: newIndex))
            case false?: change.updates.append(.init(oldIndex: oldIndex, newIndex: newIndex))
            }
        }
        return change
    }
}
