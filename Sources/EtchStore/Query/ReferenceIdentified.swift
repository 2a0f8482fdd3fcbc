@_spi(EtchCollections) import Etch

/// A reference type whose index key is its id's: `Ref`, whose `.id` a predicate reads
/// (`$0.artist.id == artistID`) where an index holds the `Ref`.
protocol ReferenceIdentified {
    /// The key path to the id, `\Ref<Target>.id`.
    static var idKeyPath: AnyKeyPath { get }
}

extension Ref: ReferenceIdentified where Target.ID: IndexableValue {
    /// `\Ref<Target>.id`: a `Ref`'s index key is its id's, so a predicate on the id can use
    /// an index on the `Ref`.
    static var idKeyPath: AnyKeyPath { \Self.id }
}
