import Foundation

/// A thread-safe, always-sorted collection of models, keyed by id: the list behind a screen.
///
/// A data source keeps its objects sorted by its ``SortKey``s (ties broken by id), replaces
/// an object when one with the same id arrives, carrying its `@local` values over, and tells
/// any number of subscribers about every change in the form a table or collection view
/// applies (``ListChange``). It can page objects in from a loader and keep them in a file
/// that survives crashes.
///
/// ```swift
/// let tasks = DataSource<TaskItem>(sortedBy: [.ascending(\.rank)])
/// await tasks.sortAndAdd(TaskItem(id: "a", title: "Write", rank: 2))
/// await tasks.sortAndAdd(TaskItem(id: "b", title: "Read", rank: 1))
/// await tasks.objects.map(\.id)           // ["b", "a"]
/// await tasks.update(id: "a") { $0.copyWith(rank: 0) }
/// await tasks.index(ofID: "a")            // 0
/// ```
///
/// Writes from many tasks are applied one at a time; ``update(id:_:)`` reads and writes in
/// one step, so concurrent edits of one object are never lost.
///
/// ## Cost of snapshots
///
/// Each change sent to subscribers carries the whole new array as ``ListChange/snapshot``.
/// That is a copy-on-write share, so sending it costs nothing; but while a subscriber keeps
/// it, the next write copies the array once (O(*n*)). With no subscriber, no snapshot is made
/// and a write costs only its binary search and memory move. Batching writes with
/// ``sortAndAdd(contentsOf:localValues:)`` pays the copy once per batch.
public actor DataSource<Element: ImmutableModel & Identifiable> where Element.ID: Comparable & Sendable {
    /// Fetches one page: up to `limit` objects starting at `offset` in the server's order.
    public typealias PageLoader = @Sendable (_ offset: Int, _ limit: Int) async throws -> [Element]

    @usableFromInline var store: SortedStore<Element>

    // Subscriptions.
    var changeSubscribers: [UInt64: AsyncStream<ListChange<Element>>.Continuation] = [:]
    var statusSubscribers: [UInt64: AsyncStream<DataSourceStatus>.Continuation] = [:]
    var nextSubscriberID: UInt64 = 0

    // Paging.
    let loader: PageLoader?
    /// How many objects ``loadNextPage()`` asks the loader for.
    nonisolated public let pageSize: Int
    /// Where paging stands.
    public internal(set) var loadState: DataSourceLoadState = .idle
    var nextOffset = 0
    var loadGeneration = 0
    var pageLoad: PageLoad?
    /// Coalesced calls so far; lets tests wait for a caller to join a load.
    var coalescedLoadCount = 0

    // Persistence.
    let file: DataSourceFile?
    /// What the cache file held when the data source was made.
    nonisolated public let cacheStatus: DataSourceCacheStatus
    var saveRefusal: DataSourceError?
    var changeCount = 0
    var savedChangeCount = 0
    var saveTask: Task<Void, any Error>?
    var autosaveTask: Task<Void, Never>?
    /// The error of the last save, or `nil` once a save succeeds.
    public internal(set) var saveError: DataSourceError?

    // A store behind the data source, in place of a file.
    let backing: DataSourceBacking<Element>?
    /// The last write sent to the backing; each waits for the one before.
    var backingWrite: Task<Void, Never>?
    /// The writes sent to the backing that have not finished.
    var pendingBackingWrites = 0
    /// How many writes the backing refused so far; a page load compares it before and after.
    var failedBackingWrites = 0
    /// The task that applies the backing's changes.
    let backingFollower = TaskHandle()

    /// Makes a data source.
    ///
    /// When `file` is given and exists, the objects are read from it first, synchronously
    /// (see ``cacheStatus``). A file is never overwritten before what it holds is safe:
    ///
    /// - Objects that do not decode are skipped, the others loaded, and a copy of the file
    ///   is kept aside (``DataSourceCacheStatus/partiallyLoaded(count:skipped:keptAt:)``).
    /// - A file that is not a data source file at all is renamed aside
    ///   (``DataSourceCacheStatus/damaged(_:)``).
    /// - A file that cannot be read now (an I/O error) or is of a newer version is left
    ///   untouched, and saving over it is refused (``DataSourceCacheStatus/unreadable(_:)``).
    ///
    /// Temporary files that a crash left beside it are removed: one data source owns a file.
    ///
    /// ```swift
    /// let tasks = DataSource<TaskItem>(
    ///     sortedBy: [.ascending(\.dueAt, nils: .last), .descending(\.rank)],
    ///     pageSize: 50,
    ///     loader: { offset, limit in try await api.tasks(offset: offset, limit: limit) },
    ///     file: DataSourceFile(url: cachesDirectory.appending(path: "tasks.json"))
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - keys: The sort order; ties, and an empty list, are ordered by id.
    ///   - pageSize: How many objects to ask the loader for at a time (at least 1).
    ///   - loader: Fetches pages for ``loadNextPage()`` and ``reload()``.
    ///   - file: Where to keep the objects between launches.
    public init(
        sortedBy keys: [SortKey<Element>],
        pageSize: Int = 50,
        loader: PageLoader? = nil,
        file: DataSourceFile? = nil
    ) {
        var store = SortedStore(order: ElementOrder(keys: keys))
        self.pageSize = max(1, pageSize)
        self.loader = loader
        self.file = file
        self.backing = nil
        guard let file else {
            cacheStatus = .none
            self.store = store
            return
        }
        var rewritesCleanedFile = false
        switch DataSourceFileStore<Element>.load(from: file.url) {
        case .noFile:
            cacheStatus = .noFile
        case .loaded(let objects):
            _ = store.apply(upserting: objects, keepingLocalValues: false)
            cacheStatus = .loaded(count: store.count)
        case .partiallyLoaded(let objects, let skipped, let keptAt):
            _ = store.apply(upserting: objects, keepingLocalValues: false)
            cacheStatus = .partiallyLoaded(count: store.count, skipped: skipped, keptAt: keptAt)
            if keptAt == nil {
                saveRefusal = .saveRefused(
                    file.url, reason: "objects there could not be decoded, and no copy of the file could be kept aside"
                )
            } else {
                // The file still holds the skipped objects (a copy is kept aside): autosave
                // writes it without them, so the next launch does not copy it aside again.
                changeCount = 1
                rewritesCleanedFile = true
            }
        case .damaged(let error):
            cacheStatus = .damaged(error)
            if case .damagedFile(_, _, nil) = error {
                saveRefusal = .saveRefused(file.url, reason: "the damaged file there could not be moved aside")
            }
        case .unreadable(let error):
            cacheStatus = .unreadable(error)
            saveRefusal = .saveRefused(file.url, reason: "the file there could not be read, and may be fine (\(error))")
        }
        self.store = store
        if rewritesCleanedFile {
            Task { await self.scheduleAutosave() }
        }
    }

    /// Makes a data source whose objects a store keeps: it shows the store's objects that
    /// the backing's query matches, follows every commit, and writes through to the store.
    ///
    /// EtchStore makes the backing: `try await DataSource(store: store, where: predicate,
    /// sortedBy: keys)`. Every method works as with a file: writes show at once and reach
    /// the store in order, in one commit each; ``save()`` waits until they have; paging puts
    /// the pages into the store. A write the store refuses is reported in ``saveError`` and
    /// the data source goes back to what the store holds.
    ///
    /// The store is the truth: when another writer changes an object the data source has
    /// just written, the last commit wins, and the data source shows each commit's result
    /// as it arrives. Removals are writes too, deleting from the store: a plain ``reload()``
    /// removes nothing, so the store's objects beyond the first page stay;
    /// ``reload(removing:)`` removes what it is told to, and returns once the store has
    /// committed it.
    ///
    /// - Parameters:
    ///   - keys: The sort order; ties, and an empty list, are ordered by id.
    ///   - pageSize: How many objects to ask the loader for at a time (at least 1).
    ///   - loader: Fetches pages for ``loadNextPage()`` and ``reload()``, into the store.
    ///   - backing: The store's side: its matching objects, changes and writes.
    public init(
        sortedBy keys: [SortKey<Element>], pageSize: Int = 50, loader: PageLoader? = nil,
        backing: DataSourceBacking<Element>
    ) {
        var store = SortedStore(order: ElementOrder(keys: keys))
        _ = store.apply(upserting: backing.initial, keepingLocalValues: false)
        self.store = store
        self.pageSize = max(1, pageSize)
        self.loader = loader
        self.file = nil
        self.cacheStatus = .none
        self.backing = backing
        let changes = backing.changes
        let follower = backingFollower
        follower.hold(
            Task { [weak self] in
                for await change in changes {
                    guard let self else { return }
                    await self.receive(fromBacking: change)
                }
            })
    }

    deinit {
        backingFollower.cancel()
        for continuation in changeSubscribers.values { continuation.finish() }
        for continuation in statusSubscribers.values { continuation.finish() }
    }
}

// MARK: - Reading

extension DataSource {
    /// All objects, sorted.
    ///
    /// - Complexity: O(1): the array is shared copy-on-write.
    public var objects: [Element] { store.elements }

    /// The number of objects.
    public var count: Int { store.count }

    /// The object with this id, if any.
    ///
    /// ```swift
    /// await tasks.object(withID: "a")?.title   // "Write"
    /// ```
    ///
    /// - Complexity: O(1) on average.
    public func object(withID id: Element.ID) -> Element? { store.byID[id] }

    /// Whether an object with this id is present.
    ///
    /// - Complexity: O(1) on average.
    public func contains(id: Element.ID) -> Bool { store.byID[id] != nil }

    /// The position of the object with this id in ``objects``, if any.
    ///
    /// - Complexity: O(log *n*) comparisons: a binary search on the sort keys.
    public func index(ofID id: Element.ID) -> Int? { store.index(ofID: id) }

    /// The object at a position in ``objects``, or `nil` when out of range.
    ///
    /// - Complexity: O(1).
    public func object(at index: Int) -> Element? {
        store.elements.indices.contains(index) ? store.elements[index] : nil
    }

    /// The objects in a range of positions, clamped to the objects present: one page of a list.
    ///
    /// ```swift
    /// await tasks.objects(in: 20..<40)   // the second page of 20 rows
    /// ```
    ///
    /// - Complexity: O(*k*) for *k* objects returned.
    public func objects(in range: Range<Int>) -> [Element] {
        let clamped = range.clamped(to: store.elements.indices)
        return Array(store.elements[clamped])
    }
}
