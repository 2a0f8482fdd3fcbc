/// A store that keeps a ``DataSource``'s objects in place of a file: the data source shows
/// the store's objects that a query matches, and writes through to the store.
///
/// EtchStore makes one for a query (`DataSource(store:where:sortedBy:)`); any other store
/// can, by providing the closures. The data source applies its own writes at once, so its
/// API stays synchronous, and sends them to ``write`` in order, one call per write or batch;
/// the store's commits, its own writes included, come back through ``changes``, which
/// decide: an object written through the data source that the query does not match leaves
/// it when its commit comes back. When a write fails, the data source takes ``members`` as
/// its contents again, so it never shows what the store does not hold for longer than the
/// failed write took.
public struct DataSourceBacking<Element: ImmutableModel & Identifiable>: Sendable
where Element.ID: Comparable & Sendable {
    /// What one commit of the store did to the matching objects.
    public struct Change: Sendable {
        /// Objects that match now and were inserted or changed, as they are now.
        public var upserted: [Element]
        /// Ids of objects that were deleted or changed and do not match: objects the data
        /// source must not show, whether it shows them now or not.
        public var removed: [Element.ID]

        /// Makes a change.
        public init(upserted: [Element], removed: [Element.ID]) {
            self.upserted = upserted
            self.removed = removed
        }
    }

    /// The objects that match when the data source is made.
    public let initial: [Element]
    /// One ``Change`` per commit that changes the matching objects, in commit order.
    public let changes: AsyncStream<Change>
    /// Writes objects and removes ids in one commit.
    public let write: @Sendable (_ upserted: [Element], _ removed: [Element.ID]) async throws -> Void
    /// The objects that match now, for recovering from a failed write.
    public let members: @Sendable () async throws -> [Element]

    /// Makes a backing from a store's parts.
    ///
    /// - Parameters:
    ///   - initial: The objects that match now.
    ///   - changes: The store's changes to the matching objects from now on.
    ///   - write: Writes objects (with their `@local` values) and removes ids in one commit.
    ///   - members: Reads the matching objects again.
    public init(
        initial: [Element], changes: AsyncStream<Change>,
        write: @escaping @Sendable (_ upserted: [Element], _ removed: [Element.ID]) async throws -> Void,
        members: @escaping @Sendable () async throws -> [Element]
    ) {
        self.initial = initial
        self.changes = changes
        self.write = write
        self.members = members
    }
}
