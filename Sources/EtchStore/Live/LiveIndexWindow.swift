@_spi(EtchCollections) import Etch

/// A live query whose page a sorted index's walk answers (see ``IndexWalk``):
/// it keeps only the objects shown, never every match, and after a commit that may touch
/// them reads the page again from the index, as ``Store/fetch(_:)`` does, in O(log *n* +
/// *w*) for a page that ends *w* matches into the walk; then it sends what changed.
///
/// A commit may touch the page when it inserts or deletes a match, or changes a shown
/// object or one that matches now; with an offset, any changed object may have moved in or
/// out of the matches before the page, so any update reads the page again.
final class LiveIndexWindow<Model: IdentifiedModel> {
    // The query, its page and the table are stored, not captured in closures: a closure's
    // context holding generic values is laid out at run time, which the first result of
    // every live query paid for, three times over. The prepared query is held rather than
    // its walk, a reference rather than a generic value to copy.

    /// The objects shown.
    private var shown: [Model]
    /// The query, whose walk reads the page, and the page's place in the walk.
    private let prepared: PreparedQuery<Model>
    private let offset: Int
    private let limit: Int
    /// The table walked; the page is not read again once it is gone.
    private weak var table: ModelTable<Model>?
    /// The walked index's key, whose change moves an object.
    private let sortKey: (Model) -> IndexKey
    private let mailbox: ObservationMailbox<ListChange<Model>>

    /// Starts a list with its first page and sends it as the first change.
    init(
        page: [Model], prepared: PreparedQuery<Model>, position: Int, offset: Int, limit: Int,
        table: ModelTable<Model>, mailbox: ObservationMailbox<ListChange<Model>>
    ) {
        self.shown = page
        self.prepared = prepared
        self.offset = offset
        self.limit = limit
        self.table = table
        // Read in place: `indexes[position]` would copy the index's state.
        self.sortKey = table.indexes.withUnsafeBufferPointer { (states) -> (Model) -> IndexKey in
            states[position].index.value.key
        }
        self.mailbox = mailbox
        mailbox.send(.initial(page))
    }

    /// The page as it is now; `nil` once the table is gone, or when the predicate throws on
    /// an object (which `isMember` leaves out too).
    private func read() -> [Model]? {
        guard let table, let walk = prepared.walk else { return nil }
        return try? Store.results(of: walk, of: prepared, in: table.contents, offset: offset, limit: limit)
    }

    /// Whether the query's predicate holds for an object; not when it throws.
    private func isMember(_ object: Model) -> Bool {
        (try? prepared.walkFilter.matches(object)) ?? false
    }

    /// Reads the page again if the commit may have touched it, and sends what changed.
    func receive(_ change: StoreChange<Model>) {
        guard mayTouchPage(change), let now = read() else { return }
        let old = Dictionary(shown.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var keysChanged: [Model.ID: Bool] = [:]
        for object in now {
            guard let before = old[object.id], before != object || before.localValues != object.localValues else {
                continue
            }
            keysChanged[object.id] = sortKey(before) != sortKey(object)
        }
        let difference = LiveList<Model>.difference(from: shown, to: now, keysChanged: keysChanged)
        shown = now
        if !difference.isEmpty { mailbox.send(difference.listChange(snapshot: now)) }
    }

    /// Whether a commit may change the page.
    private func mayTouchPage(_ change: StoreChange<Model>) -> Bool {
        if change.inserted.contains(where: isMember) || change.deleted.contains(where: isMember) { return true }
        guard !change.updated.isEmpty else { return false }
        if offset > 0 { return true }
        let shownIDs = Set(shown.map(\.id))
        return change.updated.contains { shownIDs.contains($0.id) || isMember($0) }
    }

    /// Ends the list's stream.
    func finish() { mailbox.finish() }
}
