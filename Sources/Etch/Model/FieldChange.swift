/// What setting a declared field to a value does to a checked dictionary.
@usableFromInline
enum _FieldChange {
    /// Nothing: the field already reads and writes as the value.
    case none
    /// The key goes: an optional set to `nil`.
    case remove
    /// The stored value is replaced.
    case replace(ModelValue)
    /// The absent key is added with the value.
    case add(ModelValue)
}
