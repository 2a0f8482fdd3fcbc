/// What deleting an object does to the objects whose `Ref` field refers to it, declared per
/// field with `@onDelete(…)` in the schema.
///
/// ```
/// model Album {
///     @onDelete(cascade) let artist: Ref<Artist>     // deleting the artist deletes its albums
///     @onDelete(nullify) var producer: Ref<Person>?  // deleting the producer clears the field
/// }
/// ```
public enum DeleteRule: String, Sendable, Hashable, CaseIterable {
    /// Leave the reference as it is; resolving it answers `nil`. The default.
    case dangle
    /// Clear the reference: an optional becomes `nil`, an array loses the element.
    case nullify
    /// Delete the referring objects too, in the same transaction.
    case cascade
    /// Refuse the delete while anything refers to the object.
    case refuse
}
