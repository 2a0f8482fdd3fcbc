extension ImmutableModel {
    /// A copy with one wire key set, or removed when `value` is `nil`. Local values carry over.
    ///
    /// Undeclared keys take any value. A declared dotted key such as `"stats.unread"` is its
    /// path, as the getter reads it. The copy is checked like a decoded model, so a declared
    /// field keeps its type, and so does an object that declared dotted fields live in.
    /// Mutability is opt-in: a change to a `let` field is refused.
    ///
    /// ```swift
    /// let flagged = try room.copyWith(value: true, forKey: "pinned")     // undeclared: any value
    /// let read = try room.copyWith(value: 0, forKey: "stats.unread")     // `var unread`, by its path
    /// try room.copyWith(value: "r2", forKey: "id")                       // throws: `id` is a `let`
    /// ```
    ///
    /// - Throws: ``ModelError`` when the new value does not fit a declared field, or would
    ///   change a `let` field.
    public func copyWith(value: ModelValue?, forKey key: String) throws(ModelError) -> Self {
        var changed = dictionary
        if let path = Self._schema.declaredPath(forKey: key) {
            changed.setValue(value, atPath: path)
        } else {
            changed[key] = value
        }
        // Checked first, so the `let` fields compare as they read.
        let copy = try Self(dictionary: changed).replacingLocalValues(localValues)
        if let field = Self._schema.changedImmutableField(from: dictionary, to: changed) {
            throw Self.modelError(
                ModelError(.immutableField(name: field.name), at: field.path.map(KeyPathComponent.key)))
        }
        return copy
    }
}

extension ImmutableModel {
    /// ``copyWith(value:forKey:)``'s storage, for a model known only as `any ImmutableModel`.
    public func _copiedDictionary(value: ModelValue?, forKey key: String) throws(ModelError) -> ModelDictionary {
        try copyWith(value: value, forKey: key).dictionary
    }
}

/// A model with `var` fields: it has `copyWith(_:)`, which changes several at once.
///
/// Generated models with `var` fields conform; their `Changes` type has one settable
/// property per `var` field.
public protocol CopyableModel: ImmutableModel {
    /// The `var` fields of the model, for ``copyWith(_:)``.
    associatedtype Changes: _ModelChanges<Self>
}

/// What a generated `Changes` type holds: the storage being changed. Not user API.
public protocol _ModelChanges<Model> {
    /// The model the changes are for.
    associatedtype Model: ImmutableModel
    /// The storage and local values being changed.
    var _state: _ChangeState<Model> { get set }
    /// Makes changes over a model's storage.
    init(_state: _ChangeState<Model>)
}

/// The storage a `copyWith(_:)` closure changes, through the typed properties of `Changes`.
public struct _ChangeState<Model: ImmutableModel> {
    /// The storage being changed; only the typed field setters change it, so it stays valid.
    public var dictionary: ModelDictionary { storage }
    @usableFromInline var storage: ModelDictionary
    /// The local values being changed.
    public var localValues: Model.LocalValues

    /// A field's value, read and written by generated `Changes` properties.
    @inlinable
    public subscript<Value>(field: ModelField<Value>) -> Value {
        get { storage[_checked: field] }
        set { storage[_checked: field] = newValue }
    }

    @usableFromInline init(dictionary: ModelDictionary, localValues: Model.LocalValues) {
        self.storage = dictionary
        self.localValues = localValues
    }
}

extension CopyableModel {
    /// A copy with several fields changed at once; local values carry over unless changed.
    ///
    /// ```swift
    /// let read = room.copyWith {
    ///     $0.unread = 0
    ///     $0.lastMessageAt = nil      // clearing an optional just works
    /// }
    /// ```
    ///
    /// A copy that sets fields to the values they have is equal to the original.
    @inlinable
    public func copyWith(_ change: (inout Changes) -> Void) -> Self {
        var changes = Changes(_state: _ChangeState(dictionary: dictionary, localValues: localValues))
        change(&changes)
        return Self(
            _checkedDictionary: changes._state.dictionary, localValues: changes._state.localValues,
            proof: _CheckedProof())
    }

    /// A copy with one declared field changed, for generated `copyWith(field:)` methods:
    /// what `copyWith { $0.field = value }` makes, without a `Changes` value in between.
    @inlinable
    public func _copyWith<Value>(_ value: Value, for field: ModelField<Value>) -> Self {
        Self(
            _checkedDictionary: dictionary.copy(setting: value, for: field), localValues: localValues,
            proof: _CheckedProof())
    }
}
