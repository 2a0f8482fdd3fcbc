import Etch
import Foundation

/// One object one commit changed, as ``PostgresHistory/record(_:on:)`` writes it: the
/// model, the object's id and what happened, with the object as the commit left it.
///
/// The id and the object are JSON text, as the model's table holds them (`id` and `object`
/// columns), so the store's write path passes on what it sent or read back without decoding.
///
/// ```swift
/// let change = try PostgresHistoryChange(.insert, album)
/// change.id      // "\"a1\""
/// change.object  // "{\"id\":\"a1\",\"title\":\"Blue\",…}"
/// ```
public struct PostgresHistoryChange: Sendable, Equatable {
    /// What a commit did to an object.
    public enum Kind: String, Sendable, CaseIterable {
        /// The object was not there before.
        case insert
        /// The object replaced a different version with the same id.
        case update
        /// The object was deleted.
        case delete
    }

    /// The model's name, as the schema spells it.
    public var model: String
    /// The object's id as JSON: `"a1"` with its quotes for a string id, `42` for a number.
    public var id: String
    /// What happened.
    public var kind: Kind
    /// The object as a JSON object after the change; for a deletion, the object as it was
    /// last (what `DELETE … RETURNING object` gives), so that a reader of the history can
    /// send its content with the tombstone, as the SQLite store's history does. `nil` when
    /// not known: a deletion read back then carries only the id, as `{"id": …}`.
    public var object: String?
    /// The id as the parameter of its table's `id` column (see
    /// ``PostgresModelTable/idParameter(of:as:)``), which the statement of
    /// ``PostgresHistory/recordAndCommit(_:statement:on:)`` finds the object's row by;
    /// `nil` when not known.
    var key: String?

    /// Makes a change from its parts.
    ///
    /// - Parameters:
    ///   - model: The model's name.
    ///   - id: The id as JSON.
    ///   - kind: What happened.
    ///   - object: The object as JSON, or `nil`.
    public init(model: String, id: String, kind: Kind, object: String?) {
        self.model = model
        self.id = id
        self.kind = kind
        self.object = object
    }

    /// The change of a generated model's object, encoded as the model's table holds it.
    ///
    /// - Parameters:
    ///   - kind: What happened.
    ///   - object: The object after the change (for a deletion, as it was last).
    /// - Throws: ``PostgresError/invalidParameter(position:reason:)`` for an object JSON
    ///   cannot express (an infinite or NaN double).
    public init<Model: IdentifiedModel>(_ kind: Kind, _ object: Model) throws(PostgresError) {
        do {
            self.init(
                model: Model.modelName,
                id: String(decoding: try object.id.modelValue(context: .standard).jsonData(), as: UTF8.self),
                kind: kind, object: String(decoding: try object.jsonData(), as: UTF8.self))
        } catch {
            throw .invalidParameter(position: 1, reason: "\(Model.modelName) \(object.id) is not JSON: \(error)")
        }
    }

    /// The change as an element of the JSON array ``PostgresHistory/record(_:on:)`` sends.
    var json: String {
        "{\"model\":\(modelJSON),\"id\":\(id),\"kind\":\"\(kind.rawValue)\",\"object\":\(object ?? "null")}"
    }

    /// The change as an element of the JSON array
    /// ``PostgresHistory/recordAndCommit(_:statement:on:)`` sends: without the object of an
    /// insertion or update, which the statement reads from the object's table.
    var jsonWithoutStoredObject: String {
        guard kind == .delete else {
            let key = self.key.map { ",\"key\":" + Self.jsonString($0) } ?? ""
            return "{\"model\":\(modelJSON),\"id\":\(id),\"kind\":\"\(kind.rawValue)\"\(key)}"
        }
        return json
    }

    /// The model's name as a JSON string.
    private var modelJSON: String {
        Self.jsonString(model)
    }

    /// A text as a JSON string.
    private static func jsonString(_ text: String) -> String {
        String(decoding: (try? ModelValue.string(text).jsonData()) ?? Data("\"\"".utf8), as: UTF8.self)
    }
}
