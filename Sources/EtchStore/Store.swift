@_spi(EtchCollections) import Etch
import Foundation

/// A context holding objects of many model types by id, with the schema's indexes, queries
/// and all-or-nothing transactions; in memory, or persisted in an SQLite file.
///
/// A store is made with the model types it holds — the generated `EtchModels.all` lists a
/// target's — and keeps every `@index`, `@unique` and `@sorted` field of their schemas
/// indexed, updated in the same commit as the change. Any number of independent stores
/// may exist.
///
/// ```swift
/// let store = try Store(url: cacheURL, models: EtchModels.all)
/// try await store.write { tx in
///     try tx.insert(Artist(id: "a1", name: "Nina Simone", slug: "nina"))
///     try tx.insert(Album(id: "b1", title: "Pastel Blues", artist: Ref(id: "a1"), year: 1965))
/// }
/// try await store.unique(Artist.self, \.slug, "nina")?.name   // "Nina Simone"
/// try await store.count(Album.self)                           // 1
/// ```
///
/// A file-backed store writes each commit, and only what it changed, in one SQLite
/// transaction before ``write(_:)`` returns: a commit that returned survives a crash.
public actor Store {
    let tables: StoreTables
    let file: StoreFile?
    let options: StoreOptions
    /// The identity of the store's file, or of the store when it is in memory.
    var storeID: UUID
    /// The token of the last commit the tables hold.
    var lastToken = 0
    /// The last token pruned from the history.
    var prunedThrough = 0
    /// The last token the file's objects table holds; the history holds the commits after it
    /// (see ``StoreConnection/foldCommits(after:)``).
    var checkpoint = 0
    /// What this store's commits since ``checkpoint`` changed, while they are the only ones
    /// since: the next fold writes it without reading the history back.
    var pendingFold: PendingFold?
    /// An in-memory store's history; a file-backed store's is in its file.
    var memoryHistory: [MemoryCommit] = []
    /// The file's counter of this process's commits, and its value when the store last caught up.
    let signal: FileSignal?
    var seenGeneration = 0
    /// SQLite's `data_version` when the store last looked, and when that was.
    var dataVersion: Int64 = 0
    var lastCheck = ContinuousClock.now
    /// Whether ``close()`` was called.
    var isClosed = false
    /// The task that looks for other stores' commits while the store is observed, and the
    /// number under which this process's other stores on the file wake it meanwhile.
    var watcher: Task<Void, Never>?
    var waker: Int?
    /// The streams of ``historyUpdates(since:)``, by number.
    var historyObservers: [Int: AsyncStream<StoreCommit>.Continuation] = [:]
    var nextHistoryObserver = 0
    /// The observations whose streams ended, for the actor to remove from their tables.
    let endedObservations = EndedObservations()
    /// The current snapshot and what reads need to know without waiting for the actor.
    let readState: Locked<StoreReadState>
    /// The snapshots no longer published that reads still held, until they let go, and the
    /// task that drops them then.
    var retiredSnapshots = RetiredSnapshots()
    var reclaimer: Task<Void, Never>?
    /// How many commits were applied in place (``applyInPlace(_:token:)``), for tests that
    /// must know which path a commit took.
    package internal(set) var inPlaceCommits = 0
    /// How many WAL checkpoints ran beside the store's commits (see ``WALCheckpointer``), for
    /// tests.
    package var backgroundCheckpoints: Int { file?.backgroundCheckpoints ?? 0 }
    /// How many of those synced the database file after (see ``WALCheckpointer``), for tests.
    package var backgroundSyncs: Int { file?.backgroundSyncs ?? 0 }

    /// Makes an empty store in memory.
    ///
    /// An in-memory store keeps a history too (``history(since:)``), bounded by
    /// `options.historyLimit`.
    ///
    /// - Parameters:
    ///   - models: The model types the store holds, such as `EtchModels.all`.
    ///   - options: The history's bound; the rest applies to files.
    /// - Throws: ``StoreError/duplicateModel(_:)`` when two types share a model name.
    public init(models: [any IdentifiedModel.Type], options: StoreOptions = StoreOptions()) throws(StoreError) {
        tables = try StoreTables(models: models)
        file = nil
        signal = nil
        let storeID = UUID()
        self.storeID = storeID
        self.options = options
        readState = Locked(StoreReadState(snapshot: tables.snapshot(storeID: storeID, tokenNumber: 0)))
    }

    /// Opens the store in an SQLite file, or creates it.
    ///
    /// Any number of stores, in this process or in others, may open one file: they behave as
    /// one store (see ``write(_:)`` and ``refresh()``). Objects of models the store is not
    /// made with stay in the file untouched, so an app that drops a model type does not lose
    /// its objects. A file written with an older schema opens with the current one when its
    /// objects still read (fields added with a default or optional, `@renamed` fields and
    /// models, widened types, indexes added or removed: they are built at open), after the
    /// `options.migrations` not yet run on it; when they do not, the open fails and the file
    /// is left as it was.
    ///
    /// - Parameters:
    ///   - url: The file. Its folder must exist.
    ///   - models: The model types the store holds, such as `EtchModels.all`.
    ///   - options: The history's bound, how often to look for other stores' commits,
    ///     migrations, and what a commit survives (``StoreOptions/durability``).
    /// - Throws: ``StoreError/damagedFile(path:reason:)`` for a file that is not a store, or is
    ///   cut short or corrupt; ``StoreError/newerFileFormat(path:version:supported:)`` for one
    ///   a newer Etch wrote; ``StoreError/incompatibleSchema(path:model:field:objects:exampleID:reason:fix:)``
    ///   for objects that no longer read as their model; ``StoreError/uniqueViolation(model:field:value:existingID:newID:)``
    ///   for a `@unique` the stored objects break; ``StoreError/migrationFailed(name:model:id:reason:)``;
    ///   ``StoreError/fileFailure(path:reason:)`` for a missing folder, permissions or a lock.
    ///   The file is never changed or replaced then.
    public init(url: URL, models: [any IdentifiedModel.Type], options: StoreOptions = StoreOptions()) throws(StoreError)
    {
        let tables = try StoreTables(models: models)
        let file = try StoreFile(url: url, durability: options.durability, leavingCreationOpen: true)
        let opened: StoreOpening.Opened
        do {
            opened = try StoreOpening(file: file, tables: tables, options: options).open()
        } catch {
            file.close()
            throw error
        }
        self.tables = tables
        self.file = file
        self.options = options
        storeID = opened.state.storeID
        lastToken = opened.state.lastToken
        prunedThrough = opened.state.prunedThrough
        checkpoint = opened.state.checkpoint
        if !opened.state.hasPendingCommits {
            pendingFold = PendingFold(checkpoint: opened.state.checkpoint, capacity: Self.foldInterval)
        }
        signal = opened.signal
        seenGeneration = opened.generation
        dataVersion = opened.dataVersion
        readState = Locked(
            StoreReadState(
                snapshot: tables.snapshot(storeID: opened.state.storeID, tokenNumber: opened.state.lastToken),
                seenGeneration: opened.generation))
    }

    // No deinit: the tables end their change streams in their own deinits, and the file's
    // connection closes when it is dropped. An `isolated deinit` here made every optimized
    // (-O) client that releases a store fail to compile with "circular reference" (an
    // ActorIsolationRequest cycle on `Store.deinit`, Swift 6.3.1).

    // MARK: - Reads

    /// The store as of its last commit, or the last commit of another store on its file that
    /// it caught up with: an immutable value read synchronously. O(1), and no `await`; it
    /// takes the lock a small commit holds while it applies its changes in place (at most 64
    /// objects, microseconds), never while a commit writes its file.
    ///
    /// The store's reads catch up with other stores' commits first (within a millisecond);
    /// a snapshot is what the store holds when it is taken. Call ``refresh()`` first for a
    /// snapshot that includes every commit made to the file until now.
    ///
    /// ```swift
    /// let snapshot = store.snapshot
    /// try snapshot.object(Album.self, id: "b1")?.title
    /// ```
    public nonisolated var snapshot: StoreSnapshot { readState.withLock { $0.snapshot } }

    /// The current snapshot for a read, after catching up with other stores' commits when
    /// one may have happened; never waits for a write of this store to reach its file (the
    /// read does not see the commit until it is durable), only, for microseconds, for a
    /// small commit's in-place apply (``snapshot``).
    ///
    /// - Throws: ``StoreError/closed`` after ``close()``; what catching up throws.
    /// - Complexity: O(1) when nothing changed: a lock, an atomic load and a clock read.
    nonisolated func readSnapshot() async throws(StoreError) -> StoreSnapshot {
        let generation = signal?.generation.load(ordering: .acquiring)
        let (snapshot, current, closed): (StoreSnapshot, Bool, Bool) = readState.withLock { state in
            guard let generation else { return (state.snapshot, true, state.isClosed) }
            let current =
                state.isWriting
                || (generation == state.seenGeneration
                    && ContinuousClock.now - state.lastCheck < Self.readCheckInterval)
            return (state.snapshot, current, state.isClosed)
        }
        if closed { throw StoreError.closed }
        if current { return snapshot }
        try await catchUpIfStale()
        return readState.withLock { $0.snapshot }
    }

    /// Publishes the tables as they are now as the current snapshot, after a commit or a
    /// catch-up changed them.
    func publishSnapshot() {
        var snapshot = tables.snapshot(storeID: storeID, tokenNumber: lastToken)
        // The old snapshot leaves the lock before it is let go of: freeing what only it holds
        // under the lock would hold up every read meanwhile.
        readState.withLock { swap(&$0.snapshot, &snapshot) }
        retire(snapshot)
    }

    /// The object of a type with an id.
    ///
    /// Never waits for a write in progress to reach the file: reads see the last durable
    /// commit.
    ///
    /// - Throws: ``StoreError/unknownModel(_:)`` for a type the store was not made with.
    /// - Complexity: O(log₃₂ *n*).
    public nonisolated func object<Model: IdentifiedModel>(
        _ type: Model.Type, id: Model.ID
    ) async throws(StoreError) -> Model? {
        try await readSnapshot().object(type, id: id)
    }

    /// The object a reference points to, or `nil` when it dangles.
    public nonisolated func resolve<Model: IdentifiedModel>(_ reference: Ref<Model>) async throws(StoreError) -> Model?
    {
        try await readSnapshot().object(Model.self, id: reference.id)
    }

    /// Every object of a type, in id order.
    /// - Complexity: O(*n*).
    public nonisolated func objects<Model: IdentifiedModel>(_ type: Model.Type) async throws(StoreError) -> [Model] {
        try await readSnapshot().objects(type)
    }

    /// The number of objects of a type.
    public nonisolated func count<Model: IdentifiedModel>(_ type: Model.Type) async throws(StoreError) -> Int {
        try await readSnapshot().count(type)
    }

    /// The number of objects of every type, as of the last commit the store caught up with.
    public nonisolated var count: Int {
        get async { (try? await readSnapshot())?.count ?? 0 }
    }

    /// The approximate memory the objects take, in bytes: their JSON sizes and their values
    /// (ModelKit's `contextSize`).
    /// - Complexity: O(total size): each object is measured when asked.
    public var approximateSize: Int { tables.all.reduce(0) { $0 + $1.approximateSize } }

    /// The path of the store's file, or `nil` for a store in memory.
    public var path: String? { file?.path }
}
