/// One key-path ``SortKey``'s values for every object of a ``SortedStore``, in the store's
/// order, kept beside the objects.
///
/// A search compares one key with many stored objects' keys. Read through the objects,
/// each of those reads is a key path projection and a cache miss or two, since a model's
/// storage lies apart from the array: merging a batch of 10k changes into 100k objects read
/// some 70k of them, which cost far more than the merge itself. Kept in an array, the keys
/// are compared where they lie. A comparator key has no value to keep, so no column.
///
/// The keys are a `[Value]` behind `Any`: a store's keys have different types, and only the
/// key's own closures, made where `Value` is known (``SortKey``'s factories are inlinable),
/// read or write them, so they are compiled for that type.
@usableFromInline
struct SortKeyColumn<Element>: @unchecked Sendable {
    // `@unchecked`: the keys are values read from the store's elements, which are
    // `Sendable`, through a `Sendable` key path; but a key's type is only known to be
    // `Comparable` (``SortKey`` does not ask more of it), so the compiler cannot tell.

    /// One change to the column, mirroring one change to the store's objects.
    @usableFromInline
    enum Edit {
        /// The key of `element`, inserted at `index`.
        case insert(Element, at: Int)
        /// The key at `index`, removed.
        case remove(at: Int)
        /// The key at `from`, removed, and the key of `element` put at `to` (which may be `from`).
        case move(from: Int, to: Int, element: Element)
    }

    /// The keys, a `[Value]`.
    @usableFromInline var keys: Any
    /// Applies an edit to `keys`.
    @usableFromInline let edit: @Sendable (_ keys: inout Any, Edit) -> Void

    /// An empty column for the key that `read` reads.
    @inlinable
    init<Value>(reading read: @escaping @Sendable (Element) -> Value) {
        keys = [Value]()
        edit = { keys, edit in
            var column = Self.typed(keys, Value.self)
            keys = ()  // so `column` is the only reference and edits it in place
            switch edit {
            case .insert(let element, let index):
                column.insert(read(element), at: index)
            case .remove(let index):
                column.remove(at: index)
            case .move(let from, let to, let element):
                column.move(from: from, to: to, replacingWith: read(element))
            }
            keys = column
        }
    }

    /// The keys as the `[Value]` they are.
    @inlinable
    static func typed<Value>(_ keys: Any, _: Value.Type) -> [Value] {
        guard let typed = keys as? [Value] else {
            // Only the closures of the key that made the column ever store its keys.
            preconditionFailure("SortKeyColumn holds keys of another type")
        }
        return typed
    }

    /// Applies `edit` to the keys.
    @inlinable
    mutating func apply(_ edit: Edit) {
        self.edit(&keys, edit)
    }
}
