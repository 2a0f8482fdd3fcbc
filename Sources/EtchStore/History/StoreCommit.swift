@_spi(EtchCollections) import Etch
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
    /// - Complexity: O(*k*) for the *k* objects of the type: each is read from its JSON once.
    public func changes<Model: IdentifiedModel>(of type: Model.Type) throws(StoreError) -> StoreChange<Model> {
        var change = StoreChange<Model>(commit: token.number)
        guard let history = changes.first(where: { $0.model == Model.modelName }) else { return change }
        change.inserted = try history.objects(.insert, as: Model.self)
        change.updated = try history.objects(.update, as: Model.self)
        change.deleted = try history.objects(.delete, as: Model.self)
        return change
    }
}

/// What one commit did to the objects of one model type, as JSON objects.
///
/// A commit read from a store's file keeps each object's JSON as the file holds it, and reads
/// it when asked: as a dictionary through ``inserted``, ``updated`` and ``deleted``, or as a
/// model through ``StoreCommit/changes(of:)``, which decodes it straight into the model.
public struct ModelHistory: Sendable, Hashable, Codable {
    /// The model's name, such as `"Album"`.
    public let model: String
    /// The objects, in commit order, each with what happened to it.
    private var objects: [HistoryObject]
    /// Where the objects' JSON came from, for errors: the file and the commit.
    private var origin: (path: String, token: Int)?

    /// Objects that were not there before, as the commit put them.
    ///
    /// - Throws: ``StoreError/damagedFile(path:reason:)`` for JSON in the store's file that
    ///   does not read.
    public var inserted: [ModelDictionary] { get throws(StoreError) { try dictionaries(.insert) } }
    /// Objects that replaced a different version with the same id, as they are now.
    public var updated: [ModelDictionary] { get throws(StoreError) { try dictionaries(.update) } }
    /// Objects that were deleted, as they were last.
    public var deleted: [ModelDictionary] { get throws(StoreError) { try dictionaries(.delete) } }

    /// Makes the history of one model type in one commit.
    public init(
        model: String, inserted: [ModelDictionary] = [], updated: [ModelDictionary] = [],
        deleted: [ModelDictionary] = []
    ) {
        self.model = model
        objects =
            inserted.map { HistoryObject(kind: .insert, source: .dictionary($0)) }
            + updated.map { HistoryObject(kind: .update, source: .dictionary($0)) }
            + deleted.map { HistoryObject(kind: .delete, source: .dictionary($0)) }
    }

    /// An empty history of one model, for a commit read from a file to fill.
    init(model: String, origin: (path: String, token: Int)?) {
        self.model = model
        objects = []
        self.origin = origin
    }

    /// A history of objects as a store's file holds them: the kind, the stored id and the
    /// JSON bytes of each, read when asked for.
    package init(model: String, stored: [(kind: HistoryEntry.Kind, id: String, json: [UInt8])]) {
        self.init(model: model, origin: nil)
        for object in stored { append(HistoryObject(kind: object.kind, source: .json(object.json), id: object.id)) }
    }

    /// Adds one object.
    mutating func append(_ object: HistoryObject) {
        objects.append(object)
    }

    /// The objects of one kind, as dictionaries.
    private func dictionaries(_ kind: HistoryEntry.Kind) throws(StoreError) -> [ModelDictionary] {
        var result: [ModelDictionary] = []
        for object in objects where object.kind == kind {
            switch object.source {
            case .dictionary(let dictionary):
                result.append(dictionary)
            case .json(let bytes):
                guard case .object(let dictionary)? = try? ModelValue(jsonData: Data(bytes)) else {
                    throw damaged("a \(model) that is not a JSON object")
                }
                result.append(dictionary)
            }
        }
        return result
    }

    /// The objects of one kind, read as `Model`.
    ///
    /// The JSON of several objects is read as one array: reading a small document costs more
    /// in setting up than in its bytes. An object that does not read is then found alone.
    func objects<Model: IdentifiedModel>(_ kind: HistoryEntry.Kind, as type: Model.Type) throws(StoreError) -> [Model] {
        var array: [UInt8] = [UInt8(ascii: "[")]
        var count = 0
        for object in objects where object.kind == kind {
            guard case .json(let bytes) = object.source else {
                count = -1
                break
            }
            if count > 0 { array.append(UInt8(ascii: ",")) }
            array += bytes
            count += 1
        }
        if count > 1 {
            array.append(UInt8(ascii: "]"))
            if let models = try? [Model](jsonData: Data(array)), models.count == count { return models }
        }
        var result: [Model] = []
        for object in objects where object.kind == kind {
            do {
                switch object.source {
                case .dictionary(let dictionary): result.append(try Model(dictionary: dictionary))
                case .json(let bytes): result.append(try Model(jsonData: Data(bytes)))
                }
            } catch {
                throw StoreError.unreadableObject(model: Model.modelName, id: object.id, reason: "\(error)")
            }
        }
        return result
    }

    private func damaged(_ what: String) -> StoreError {
        let (path, token) = origin ?? ("", 0)
        return .damagedFile(path: path, reason: "history commit \(token) holds \(what)")
    }

    // MARK: Equatable, Hashable, Codable: by the objects' values

    /// Whether two histories hold the same model and the same objects of each kind, in order.
    public static func == (lhs: ModelHistory, rhs: ModelHistory) -> Bool {
        guard lhs.model == rhs.model, lhs.objects.count == rhs.objects.count else { return false }
        for kind in [HistoryEntry.Kind.insert, .update, .delete] {
            guard let left = try? lhs.dictionaries(kind), let right = try? rhs.dictionaries(kind), left == right else {
                return false
            }
        }
        return true
    }

    /// Hashes the model and the number of objects (equal histories agree on both).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(model)
        hasher.combine(objects.count)
    }

    private enum CodingKeys: String, CodingKey {
        case model, inserted, updated, deleted
    }

    /// Reads a history written by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            model: try container.decode(String.self, forKey: .model),
            inserted: try container.decode([ModelDictionary].self, forKey: .inserted),
            updated: try container.decode([ModelDictionary].self, forKey: .updated),
            deleted: try container.decode([ModelDictionary].self, forKey: .deleted))
    }

    /// Writes the model and its inserted, updated and deleted objects as JSON objects.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(model, forKey: .model)
        try container.encode(try inserted, forKey: .inserted)
        try container.encode(try updated, forKey: .updated)
        try container.encode(try deleted, forKey: .deleted)
    }
}

/// One object of a commit's history: what happened to it, and its JSON as the file holds it
/// or its dictionary as an in-memory store or a decoder gave it.
struct HistoryObject: Sendable {
    enum Source: Sendable {
        case json([UInt8])
        case dictionary(ModelDictionary)
    }

    var kind: HistoryEntry.Kind
    var source: Source
    /// The stored id, for errors; empty when not known.
    var id: String = ""
}

extension StoreCommit {
    /// The public form of a history row of the store with `storeID`, whose file is at `path`;
    /// each object's JSON is read when asked for.
    init(_ row: HistoryRow, storeID: UUID, path: String) {
        self.init(
            token: HistoryToken(storeID: storeID, number: row.token), time: row.time,
            grouping: row.entries.map { entry in
                (
                    entry.record.model,
                    HistoryObject(kind: entry.kind, source: .json(entry.record.body), id: entry.record.id)
                )
            }, origin: (path, row.token))
    }

    /// The public form of an in-memory store's commit.
    init(_ commit: MemoryCommit, storeID: UUID) {
        self.init(
            token: HistoryToken(storeID: storeID, number: commit.token), time: commit.time,
            grouping: commit.changes.map { change in
                (change.model, HistoryObject(kind: change.kind, source: .dictionary(change.object.dictionary)))
            }, origin: nil)
    }

    /// A commit of the objects it changed, grouped by model in the order each model first
    /// comes.
    private init(
        token: HistoryToken, time: Double, grouping objects: [(String, HistoryObject)],
        origin: (path: String, token: Int)?
    ) {
        var byModel: [String: ModelHistory] = [:]
        var order: [String] = []
        for (model, object) in objects {
            if byModel[model] == nil {
                byModel[model] = ModelHistory(model: model, origin: origin)
                order.append(model)
            }
            byModel[model]!.append(object)
        }
        self.init(token: token, date: Date(timeIntervalSince1970: time), changes: order.map { byModel[$0]! })
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
