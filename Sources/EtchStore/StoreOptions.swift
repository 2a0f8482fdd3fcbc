/// How a file-backed ``Store`` keeps its history, follows other stores on its file, and syncs
/// its commits.
///
/// ```swift
/// var options = StoreOptions()
/// options.historyLimit = 1_000
/// options.durability = .normal
/// options.migrations = [StoreMigration("split-names", model: Artist.self) { old in … }]
/// let store = try Store(url: url, models: EtchModels.all, options: options)
/// ```
public struct StoreOptions: Sendable {
    /// How many of the latest commits the history keeps; older ones are pruned as new ones
    /// commit (in batches of a tenth of the limit, so pruning costs little per commit). At
    /// least 1. The default, 10,000, keeps weeks of an app's commits; each kept commit holds
    /// the JSON of the objects it changed, so a large import also takes that much room in the
    /// history until it is pruned (``Store/pruneHistory(before:)`` prunes at once).
    public var historyLimit: Int {
        didSet { historyLimit = max(1, historyLimit) }
    }
    /// How often a store that is observed — ``Store/changes(of:)``, a live query, a relation,
    /// an object, ``Store/historyUpdates(since:)`` — looks at its file for other stores'
    /// commits. Reads look at most once per millisecond by themselves, and a store with no
    /// observers does not wake up at all. The default is 10 ms.
    public var watchInterval: Duration
    /// Migrations to run once, at open, on the objects of a file written by an older schema,
    /// in this order; see ``StoreMigration``.
    public var migrations: [StoreMigration]
    /// What a commit survives once ``Store/write(_:)`` returned: ``StoreDurability/full``, the
    /// default, a power loss; ``StoreDurability/normal``, a crash of the process but not
    /// always a power loss, for commits several times cheaper. It is a setting of the store's
    /// connection, not of the file: stores on one file may choose differently.
    public var durability: StoreDurability

    /// Makes options; every default is the one documented on its property.
    public init(
        historyLimit: Int = 10_000, watchInterval: Duration = .milliseconds(10), migrations: [StoreMigration] = [],
        durability: StoreDurability = .full
    ) {
        self.historyLimit = max(1, historyLimit)
        self.watchInterval = watchInterval
        self.migrations = migrations
        self.durability = durability
    }
}
