import Etch

/// What one attempt of a ``PostgresStore/write(_:)`` changed, object by object, for the
/// history: each object's state before the transaction and its last one, so that the
/// commit records what the SQLite store's history records — the net change of each object,
/// in the order the transaction first touched it.
///
/// An object inserted then updated is one insert of its last version; inserted then deleted,
/// nothing; deleted then put back, an update (or nothing when it is as it was); put as it
/// already was, nothing.
struct PostgresCommitLog {
    /// One object's states, as JSON changes (`nil` for absent).
    private struct Entry {
        var before: PostgresHistoryChange?
        var after: PostgresHistoryChange?
    }

    /// The entries by model name and id JSON.
    private var entries: [String: Entry] = [:]
    /// The keys in the order the transaction first touched them.
    private var order: [String] = []

    /// Whether the state before the transaction of an object is known.
    func knows<Model: IdentifiedModel>(_ type: Model.Type, id: Model.ID) -> Bool {
        guard let change = try? PostgresHistoryChange(model: Model.self, id: id) else { return false }
        return entries[Self.key(change)] != nil
    }

    /// Records that an object is now `new` (`nil`: deleted), and was `old` just before
    /// (only read the first time the object is touched).
    ///
    /// - Parameter json: `new`'s JSON when the caller encoded it already, as the table's
    ///   writes do, so that it is not encoded twice.
    /// - Throws: ``PostgresError/invalidParameter(position:reason:)`` for an object JSON
    ///   cannot express.
    mutating func record<Model: IdentifiedModel>(
        _ new: Model?, json: String? = nil, id: Model.ID, old: Model?
    ) throws(PostgresError) {
        let identity = try PostgresHistoryChange(model: Model.self, id: id)
        let after = try new.map { object throws(PostgresError) in
            var change = identity
            if let json {
                change.object = json
            } else {
                change.object = try PostgresHistoryChange(.update, object).object
            }
            return change
        }
        let key = Self.key(identity)
        if entries[key] == nil {
            order.append(key)
            let before = try old.map { object throws(PostgresError) in try PostgresHistoryChange(.update, object) }
            entries[key] = Entry(before: before, after: after)
        } else {
            entries[key]?.after = after
        }
    }

    /// The net changes, in the order the transaction first touched each object.
    var changes: [PostgresHistoryChange] {
        order.compactMap { key -> PostgresHistoryChange? in
            guard let entry = entries[key] else { return nil }
            switch (entry.before, entry.after) {
            case (nil, nil):
                return nil
            case (var old?, nil):
                old.kind = .delete
                return old
            case (nil, var new?):
                new.kind = .insert
                return new
            case (let old?, let new?):
                return old.object == new.object ? nil : new
            }
        }
    }

    private static func key(_ change: PostgresHistoryChange) -> String {
        change.model + "\u{0}" + change.id
    }
}

extension PostgresHistoryChange {
    /// A change that names an object without its content, to key it; its ``key`` the id as
    /// the table's `id` column holds it.
    init<Model: IdentifiedModel>(model: Model.Type, id: Model.ID) throws(PostgresError) {
        do {
            self.init(
                model: Model.modelName,
                id: String(decoding: try id.modelValue(context: .standard).jsonData(), as: UTF8.self),
                kind: .update, object: nil)
        } catch {
            throw .invalidParameter(position: 1, reason: "\(Model.modelName) id \(id) is not JSON: \(error)")
        }
        key = try PostgresModelTable.idParameter(of: id, as: Model.self)
    }
}
