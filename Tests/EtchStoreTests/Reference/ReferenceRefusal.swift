import EtchStore

/// Why a transaction was refused: the reference's verdict, or what a store threw.
enum ReferenceRefusal: Error, Hashable, CustomStringConvertible {
    /// An update of an id that is not there.
    case notFound
    /// Two artists with one slug, or two albums with one catalog number, after the transaction.
    case uniqueViolation
    /// The transaction's body threw ``Abandoned``.
    case abandoned
    /// An error no transaction of the reference tests should throw.
    case unexpected(String)

    /// The refusal a store's error means.
    init(_ error: any Error) {
        switch error {
        case is Abandoned: self = .abandoned
        case StoreError.notFound: self = .notFound
        case StoreError.uniqueViolation(model: "Artist", field: "slug", _, _, _),
            StoreError.uniqueViolation(model: "Album", field: "catalog", _, _, _):
            self = .uniqueViolation
        default: self = .unexpected("\(error)")
        }
    }

    /// The refusal in words.
    var description: String {
        switch self {
        case .notFound: "not found"
        case .uniqueViolation: "unique violation"
        case .abandoned: "abandoned"
        case .unexpected(let error): "unexpected error: \(error)"
        }
    }
}
