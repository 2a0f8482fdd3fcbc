@_spi(EtchCollections) import Etch

/// What one committed transaction did to the objects of one model type.
///
/// A store publishes one per type a commit changed, in commit order; see
/// ``Store/changes(of:)``.
public struct StoreChange<Model: IdentifiedModel>: Sendable {
    /// The commit's number, counting from 1 each time the store is made or opened, and
    /// shared by the changes of every type one commit made; a commit that changed nothing
    /// takes no number.
    public let commit: Int
    /// Objects that were not there before, in the order the transaction put them.
    public internal(set) var inserted: [Model] = []
    /// Objects that replaced a different version with the same id, as they are now.
    public internal(set) var updated: [Model] = []
    /// Objects that were deleted, as they were.
    public internal(set) var deleted: [Model] = []

    init(commit: Int) {
        self.commit = commit
    }

    /// Whether the commit changed nothing of this type.
    public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }
}
