/// An index on one value of a model: the schema's `@index`, `@unique` and `@sorted`, or one
/// a store adds at runtime on any key path, a computed property included.
///
/// Generated code lists a model's schema indexes in ``ImmutableModel/_indexes``; a store keeps
/// each up to date in the same commit as the change.
///
/// ```swift
/// extension Room {
///     var isAvailable: Bool { capacity <= 90 }
/// }
/// try await store.addIndex(.index("isAvailable", \Room.isAvailable))
/// ```
public struct ModelIndex<Model>: Sendable {
    /// What an index answers.
    public enum Kind: Sendable, Hashable {
        /// Objects by value (`@index`).
        case index
        /// At most one object per value (`@unique`); a second one is an error.
        case unique
        /// Objects in value order, within groups when ``ModelIndex/groupBy`` is set (`@sorted`).
        case sorted
    }

    /// The indexed value as an index holds it, with the key path it reads.
    public struct Value: Sendable {
        /// The field's name, such as `email`.
        public let name: String
        /// The key path the value is read through.
        public let keyPath: PartialKeyPath<Model> & Sendable
        /// Reads the value of an object as its index key.
        public let key: @Sendable (Model) -> IndexKey
        /// Turns a value of the key path's type, as a query holds it, into an index key;
        /// `nil` for a value of another type.
        public let keyOfValue: @Sendable (Any) -> IndexKey?

        /// A value read through `keyPath`.
        public init<V: IndexableValue>(_ name: String, _ keyPath: KeyPath<Model, V> & Sendable) {
            self.init(name, keyPath, read: { $0[keyPath: keyPath] })
        }

        /// A value read by `read`, which must read what `keyPath` reads.
        ///
        /// Generated models pass `read` as a closure of their own module (`{ $0.year }`),
        /// which calls the getter directly: a key path applied in this module, which is
        /// generic over the model, goes through the runtime and costs several times more
        /// per object, which building an index pays once per object.
        public init<V: IndexableValue>(
            _ name: String, _ keyPath: KeyPath<Model, V> & Sendable, read: @escaping @Sendable (Model) -> V
        ) {
            self.name = name
            self.keyPath = keyPath
            self.key = { read($0).indexKey }
            self.keyOfValue = { ($0 as? V)?.indexKey }
        }
    }

    /// What the index answers.
    public let kind: Kind
    /// The indexed value.
    public let value: Value
    /// For a sorted index: the value whose equal objects form one group, ordered on its own.
    public let groupBy: Value?

    /// The index's name: the field's, with the group field's for a grouped sorted index
    /// (`createdAt by owner`).
    public var name: String { groupBy.map { "\(value.name) by \($0.name)" } ?? value.name }

    /// Objects by the value of `keyPath` (`@index`).
    public static func index<V: IndexableValue>(_ name: String, _ keyPath: KeyPath<Model, V> & Sendable) -> Self {
        Self(kind: .index, value: Value(name, keyPath), groupBy: nil)
    }

    /// Objects by the value of `keyPath`, read by `read` (`@index`); see
    /// ``Value/init(_:_:read:)``.
    public static func index<V: IndexableValue>(
        _ name: String, _ keyPath: KeyPath<Model, V> & Sendable, read: @escaping @Sendable (Model) -> V
    ) -> Self {
        Self(kind: .index, value: Value(name, keyPath, read: read), groupBy: nil)
    }

    /// At most one object per value of `keyPath` (`@unique`).
    public static func unique<V: IndexableValue>(_ name: String, _ keyPath: KeyPath<Model, V> & Sendable) -> Self {
        Self(kind: .unique, value: Value(name, keyPath), groupBy: nil)
    }

    /// At most one object per value of `keyPath`, read by `read` (`@unique`); see
    /// ``Value/init(_:_:read:)``.
    public static func unique<V: IndexableValue>(
        _ name: String, _ keyPath: KeyPath<Model, V> & Sendable, read: @escaping @Sendable (Model) -> V
    ) -> Self {
        Self(kind: .unique, value: Value(name, keyPath, read: read), groupBy: nil)
    }

    /// Objects in the order of `keyPath` (`@sorted`).
    public static func sorted<V: IndexableValue>(_ name: String, _ keyPath: KeyPath<Model, V> & Sendable) -> Self {
        Self(kind: .sorted, value: Value(name, keyPath), groupBy: nil)
    }

    /// Objects in the order of `keyPath`, read by `read` (`@sorted`); see
    /// ``Value/init(_:_:read:)``.
    public static func sorted<V: IndexableValue>(
        _ name: String, _ keyPath: KeyPath<Model, V> & Sendable, read: @escaping @Sendable (Model) -> V
    ) -> Self {
        Self(kind: .sorted, value: Value(name, keyPath, read: read), groupBy: nil)
    }

    /// Objects in the order of `keyPath` within each group of equal `groupBy` values
    /// (`@sorted(groupBy:)`); a `nil` group value is a group of its own.
    public static func sorted<V: IndexableValue, G: IndexableValue>(
        _ name: String, _ keyPath: KeyPath<Model, V> & Sendable,
        groupBy groupName: String, _ groupKeyPath: KeyPath<Model, G> & Sendable
    ) -> Self {
        Self(kind: .sorted, value: Value(name, keyPath), groupBy: Value(groupName, groupKeyPath))
    }

    /// Objects in the order of `keyPath` within each group of equal `groupBy` values, each
    /// read by its closure (`@sorted(groupBy:)`); see ``Value/init(_:_:read:)``.
    public static func sorted<V: IndexableValue, G: IndexableValue>(
        _ name: String, _ keyPath: KeyPath<Model, V> & Sendable, read: @escaping @Sendable (Model) -> V,
        groupBy groupName: String, _ groupKeyPath: KeyPath<Model, G> & Sendable,
        readGroup: @escaping @Sendable (Model) -> G
    ) -> Self {
        Self(
            kind: .sorted, value: Value(name, keyPath, read: read),
            groupBy: Value(groupName, groupKeyPath, read: readGroup))
    }
}

extension ImmutableModel {
    /// No indexes: the default for a model whose schema declares none.
    public static var _indexes: [ModelIndex<Self>] { [] }
}
