@_spi(EtchCollections) import Etch

/// A live query whose page a sorted index's walk answers (see ``PreparedQuery/IndexWalk``):
/// it keeps only the objects shown, never every match, and after a commit that may touch
/// them reads the page again from the index, as ``Store/fetch(_:)`` does, in O(log *n* +
/// *w*) for a page that ends *w* matches into the walk; then it sends what changed.
///
/// A commit may touch the page when it inserts or deletes a match, or changes a shown
/// object or one that matches now; with an offset, any changed object may have moved in or
/// out of the matches before the page, so any update reads the page again.
final class LiveIndexWindow<Model: IdentifiedModel> {
    /// The objects shown.
    private var shown: [Model]
    /// Reads the page again; `nil` once the table is gone.
    private let read: () -> [Model]?
    private let isMember: (Model) -> Bool
    /// The walked index's key, whose change moves an object.
    private let sortKey: (Model) -> IndexKey
    private let offset: Int
    private let mailbox: ObservationMailbox<ListChange<Model>>

    /// Starts a list with its first page and sends it as the first change.
    init(
        page: [Model], offset: Int, read: @escaping () -> [Model]?, isMember: @escaping (Model) -> Bool,
        sortKey: @escaping (Model) -> IndexKey, mailbox: ObservationMailbox<ListChange<Model>>
    ) {
        self.shown = page
        self.offset = offset
        self.read = read
        self.isMember = isMember
        self.sortKey = sortKey
        self.mailbox = mailbox
        mailbox.send(.initial(page))
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
