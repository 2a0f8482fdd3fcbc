import Etch
import Foundation

/// One commit of a store's history: its token, when it committed, and per model type the
/// objects it inserted, updated and deleted.
///
/// The objects are as the commit left them — a deleted object as it was last, so a sync can
/// send a tombstone with its content — in the JSON form the store keeps (every key, declared
/// or not; `@local` values are never part of the history). A commit is `Codable`, so it can
/// be shipped to a server or another store as it is.
///
/// ```swift
/// for commit in try await store.history(since: lastSynced) {
///     let albums = try commit.changes(of: Album.self)
///     try await api.upload(albums.inserted + albums.updated, deleting: albums.deleted.map(\.id))
///     lastSynced = commit.token
/// }
/// ```
public struct StoreCommit: Sendable, Hashable, Codable {
    /// The commit's token: ``Store/history(since:)`` with it answers the commits after this one.
    public let token: HistoryToken
    /// When the commit was made, by the clock of the process that made it.
    public let date: Date
    /// What the commit changed, one entry per model type, in the order the commit first
    /// changed each type.
    public let changes: [ModelHistory]

    /// Makes a commit; commits come from a store, and this initializer is for tests and for
    /// commits received from elsewhere.
    public init(token: HistoryToken, date: Date, changes: [ModelHistory]) {
        self.token = token
        self.date = date
        self.changes = changes
    }

    /// What the commit did to the objects of one model type, read as that type.
    ///
    /// - Returns: The change, empty when the commit did not change the type; its ``StoreChange/commit``
    ///   is the token's number.
    /// - Throws: ``StoreError/unreadableObject(model:id:reason:)`` for an object that does not
    ///   read as `Model` (a commit of another schema version).
    public func changes<Model: IdentifiedModel>(of type: Model.Type) throws(StoreError) -> StoreChange<Model> {
        var change = StoreChange<Model>(commit: token.number)
        guard let history = changes.first(where: { $0.model == Model.modelName }) else { return change }
        change.inserted = try history.inserted.map { dictionary throws(StoreError) in try Self.read(dictionary) }
        change.updated = try history.updated.map { dictionary throws(StoreError) in try Self.read(dictionary) }
        change.deleted = try history.deleted.map { dictionary throws(StoreError) in try Self.read(dictionary) }
        return change
    }

    private static func read<Model: IdentifiedModel>(_ dictionary: ModelDictionary) throws(StoreError) -> Model {
        do {
            return try Model(dictionary: dictionary)
        } catch {
            let id = dictionary["id"].map { "\($0)" } ?? "?"
            throw StoreError.unreadableObject(model: Model.modelName, id: id, reason: "\(error)")
        }
    }
}

/// What one commit did to the objects of one model type, as JSON objects.
public struct ModelHistory: Sendable, Hashable, Codable {
    /// The model's name, such as `"Album"`.
    public let model: String
    /// Objects that were not there before, as the commit put them.
    public internal(set) var inserted: [ModelDictionary] = []
    /// Objects that replaced a different version with the same id, as they are now.
    public internal(set) var updated: [ModelDictionary] = []
    /// Objects that were deleted, as they were last.
    public internal(set) var deleted: [ModelDictionary] = []

    /// Makes the history of one model type in one commit.
    public init(
        model: String, inserted: [ModelDictionary] = [], updated: [ModelDictionary] = [],
        deleted: [ModelDictionary] = []
    ) {
        self.model = model
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
    }
}

extension StoreCommit {
    /// The public form of a history row of the store with `storeID`.
    ///
    /// - Throws: ``StoreError/damagedFile(path:reason:)`` for an entry whose body is not a
    ///   JSON object.
    init(_ row: HistoryRow, storeID: UUID, path: String) throws(StoreError) {
        var objects: [(HistoryEntry.Kind, String, ModelDictionary)] = []
        objects.reserveCapacity(row.entries.count)
        for entry in row.entries {
            let model = entry.record.model
            guard case .object(let dictionary)? = try? ModelValue(jsonData: Data(entry.record.body)) else {
                throw StoreError.damagedFile(
                    path: path, reason: "history commit \(row.token) holds a \(model) that is not a JSON object")
            }
            objects.append((entry.kind, model, dictionary))
        }
        self.init(token: HistoryToken(storeID: storeID, number: row.token), time: row.time, grouping: objects)
    }

    /// A commit of the objects it changed, grouped by model in the order each model first
    /// comes.
    private init(token: HistoryToken, time: Double, grouping objects: [(HistoryEntry.Kind, String, ModelDictionary)]) {
        var byModel: [String: ModelHistory] = [:]
        var order: [String] = []
        for (kind, model, dictionary) in objects {
            if byModel[model] == nil {
                byModel[model] = ModelHistory(model: model)
                order.append(model)
            }
            switch kind {
            case .insert: byModel[model]!.inserted.append(dictionary)
            case .update: byModel[model]!.updated.append(dictionary)
            case .delete: byModel[model]!.deleted.append(dictionary)
            }
        }
        self.init(token: token, date: Date(timeIntervalSince1970: time), changes: order.map { byModel[$0]! })
    }

    /// The public form of an in-memory store's commit.
    init(_ commit: MemoryCommit, storeID: UUID) {
        self.init(
            token: HistoryToken(storeID: storeID, number: commit.token), time: commit.time,
            grouping: commit.changes.map { ($0.kind, $0.model, $0.object.dictionary) })
    }
}

/// One commit of an in-memory store's history: the changed objects themselves, which are
/// immutable values shared with the store, so the history costs no copies.
struct MemoryCommit: Sendable {
    /// The commit's token number.
    var token: Int
    /// When it committed, in seconds since 1970.
    var time: Double
    /// What it changed, in commit order.
    var changes: [CommittedChange]
}
