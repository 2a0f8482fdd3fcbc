@_spi(EtchCollections) import Etch

/// Why a store refused an operation, with the model type, field, value and ids involved.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A model type the store was not made with.
    case unknownModel(String)
    /// Two model types of one name: a store's file keeps objects by model name.
    case duplicateModel(String)
    /// A second object for a `@unique` value: the model, the field, the value, the id that
    /// already holds it and the id of the object refused.
    case uniqueViolation(model: String, field: String, value: String, existingID: String, newID: String)
    /// A delete refused by `@onDelete(refuse)`: the object deleted, and the object whose
    /// field still refers to it.
    case deleteRefused(model: String, id: String, referencedBy: String, referringID: String, field: String)
    /// An update or a delete of an id the store does not hold.
    case notFound(model: String, id: String)
    /// An index asked for by a key path the model has no index on.
    case noIndex(model: String, keyPath: String, kind: String)
    /// A range read without a group of a field that is sorted only within groups
    /// (`@sorted(groupBy:)`): the model, the field and the group field.
    case needsGroup(model: String, field: String, group: String)
    /// A runtime index whose name the model already uses.
    case duplicateIndex(model: String, name: String)
    /// The store's file is not a store Etch can read: not SQLite, damaged, or missing its
    /// tables. The file is left as it is.
    case damagedFile(path: String, reason: String)
    /// The file was written by a newer version of Etch's store format.
    case newerFileFormat(path: String, version: Int, supported: Int)
    /// Reading or writing the file failed (disk full, permissions, a lock, …).
    case fileFailure(path: String, reason: String)
    /// An object in the file does not read as its model (a schema changed incompatibly).
    case unreadableObject(model: String, id: String, reason: String)
    /// An object that cannot be written as JSON (a non-finite double).
    case unwritableObject(model: String, id: String, reason: String)
    /// A document given to ``Store/importGraph(from:)`` that is not an export of a store:
    /// what is wrong, and where.
    case invalidExport(reason: String)
    /// Objects in the file that the model's current schema cannot read — a required field
    /// added without a default, a type narrowed — so the store did not open, and left the
    /// file as it was: the file, the model and field as the schema spells them, how many
    /// objects, one example id, what is wrong and how to fix it.
    case incompatibleSchema(
        path: String, model: String, field: String, objects: Int, exampleID: String, reason: String, fix: String)
    /// A history token older than the history the store kept: the commits after it were
    /// pruned, so the store cannot say what changed since. Read the objects whole and
    /// continue from ``Store/historyToken``.
    case historyTokenExpired(token: Int, oldestAvailable: Int)
    /// A history token of another store (another file, or a file made anew since).
    case historyTokenOfAnotherStore(token: String, store: String)
    /// A migration given at open failed: its name, the model, the object's id and why.
    case migrationFailed(name: String, model: String, id: String, reason: String)
    /// The store was closed.
    case closed

    /// The error in words, naming the model, field, value and ids.
    public var description: String {
        switch self {
        case .unknownModel(let name):
            "the store does not know the model type \(name); make the store with it (for example EtchModels.all)"
        case .uniqueViolation(let model, let field, let value, let existingID, let newID):
            "\(model).\(field) must be unique: \(value) is already held by id \(existingID), so \(newID) was refused"
        case .duplicateModel(let name):
            "two model types are named \(name); a store holds one type of each name"
        case .deleteRefused(let model, let id, let referencedBy, let referringID, let field):
            "\(model) \(id) cannot be deleted: \(referencedBy) \(referringID) refers to it through '\(field)', "
                + "which is @onDelete(refuse)"
        case .notFound(let model, let id):
            "no \(model) with id \(id)"
        case .noIndex(let model, let keyPath, let kind):
            "\(model) has no \(kind) index on \(keyPath)"
        case .needsGroup(let model, let field, let group):
            "\(model).\(field) is sorted within groups of \(group) only: pass inGroup: with a \(group) value "
                + "(a nil group is a group of its own), or declare @sorted without groupBy for one order of all"
        case .duplicateIndex(let model, let name):
            "\(model) already has an index named \(name)"
        case .damagedFile(let path, let reason):
            "the store file \(path) is damaged and was left as it is: \(reason)"
        case .newerFileFormat(let path, let version, let supported):
            "the store file \(path) has format version \(version); this Etch reads up to \(supported)"
        case .fileFailure(let path, let reason):
            "the store file \(path) failed: \(reason)"
        case .unreadableObject(let model, let id, let reason):
            "the stored \(model) \(id) does not read: \(reason)"
        case .unwritableObject(let model, let id, let reason):
            "the \(model) \(id) cannot be written: \(reason)"
        case .invalidExport(let reason):
            "not an Etch store export: \(reason)"
        case .incompatibleSchema(let path, let model, let field, let objects, let exampleID, let reason, let fix):
            "the store file \(path) was left as it is: \(objects) stored \(model) object\(objects == 1 ? "" : "s") "
                + "(\(exampleID) among them) cannot be read as today's \(model) at '\(field)': \(reason). \(fix)"
        case .historyTokenExpired(let token, let oldest):
            "the history after commit \(token) was pruned (it starts after commit \(oldest)): read the objects "
                + "whole, then continue from the store's historyToken"
        case .historyTokenOfAnotherStore(let token, let store):
            "the history token \(token) belongs to another store than \(store)"
        case .migrationFailed(let name, let model, let id, let reason):
            "the migration \(name) failed on \(model) \(id), and nothing was changed: \(reason)"
        case .closed:
            "the store is closed"
        }
    }
}
