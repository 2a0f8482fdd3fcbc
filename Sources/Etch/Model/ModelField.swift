/// A declared field of a generated model: its Swift name, its wire key path, how its
/// values convert, its schema default and whether `copyWith` may change it.
///
/// Generated models keep one `static let` per field and read, write and validate
/// their dictionary through it, so the per-field logic lives here, once. It is a class so a
/// getter passes one pointer to it rather than copying every property.
public final class ModelField<Value: ModelValueRepresentable>: Sendable {
    /// The Swift name, used in descriptions and errors.
    public let name: String
    /// The wire key path: one key, or several for a dotted `@key("stats.unread")`.
    public let path: [String]
    /// The first key of ``path``, kept apart for the common one-key read.
    @usableFromInline let firstKey: String
    /// Whether ``path`` has more than one key (a dotted `@key`).
    @usableFromInline let hasDottedPath: Bool
    /// Conversion options, such as the date format.
    public let context: ModelValueContext
    /// The schema default, used when the key is absent.
    public let defaultValue: Value?
    /// A `var` field, which `copyWith` may change; `let` fields keep the value they were made with.
    public let isMutable: Bool
    /// For a `Ref` field (optional or in an array): the model it refers to.
    public let referencedModel: (any ImmutableModel.Type)?
    /// For a `Ref` field: what deleting the referenced object does (`@onDelete`).
    public let onDelete: DeleteRule
    /// The wire keys the field was stored under before, from the schema's
    /// `@renamed(from: "old")`: old wire keys as the data holds them (not old Swift names),
    /// dotted like the key (`"stats.unread"`), in the order the schema gives them. A store
    /// reading data written before the rename finds the value under one of these.
    public let renamedFrom: [String]
    /// Where the first key of the path was found last time.
    @usableFromInline let hint: KeyPositionHint
    /// Whether an explicit `null` reads as the default: for a non-optional field with one,
    /// as many APIs send `null` for "the default".
    @usableFromInline let nullReadsAsDefault: Bool
    /// The field-table operations, made where the field is made (in generated code), so they
    /// run specialized for `Value` rather than through generic witnesses.
    @usableFromInline let operations: _FieldOperations<Value>

    /// Makes a field.
    ///
    /// - Parameters:
    ///   - name: The Swift name.
    ///   - key: The wire key; dots separate the keys of nested objects.
    ///   - isMutable: `true` for a `var` field.
    ///   - dateFormat: How dates in this field are written and read.
    ///   - defaultValue: The value when the key is absent.
    ///   - referencedModel: For a `Ref` field, the model it refers to.
    ///   - onDelete: For a `Ref` field, what deleting the referenced object does.
    ///   - renamedFrom: The old wire keys, dotted like `key`, from `@renamed(from:)`.
    @inlinable
    public init(
        _ name: String, key: String, isMutable: Bool = false, dateFormat: DateFormat = .iso8601,
        default defaultValue: Value? = nil, references referencedModel: (any ImmutableModel.Type)? = nil,
        onDelete: DeleteRule = .dangle, renamedFrom: [String] = []
    ) {
        self.name = name
        self.path = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        self.firstKey = DeclaredKeys.share(path[0])
        self.hasDottedPath = path.count > 1
        self.isMutable = isMutable
        self.referencedModel = referencedModel
        self.onDelete = onDelete
        self.renamedFrom = renamedFrom
        self.context = ModelValueContext(dateFormat: dateFormat)
        self.defaultValue = defaultValue
        self.hint = KeyPositionHint()
        self.nullReadsAsDefault =
            defaultValue != nil && Value.valueForMissingKey == nil && Value.self != ModelValue.self
        // Made here, inlined into generated code, so each runs specialized for `Value`.
        self.operations = _FieldOperations(
            validate: { dictionary, field throws(ModelError) in try dictionary.validate(field) },
            describe: { dictionary, field in dictionary[_checked: field].fieldDescription },
            storesSameValue: { first, second, field in field.readsSameValue(in: first, as: second) }
        )
    }

    /// The stored value at this field's path, if any; `null` counts as absent where it
    /// reads as the default. A step of a dotted path that holds something other than an
    /// object also counts as absent here: ``ModelDictionary/validate(_:)`` refuses it.
    @inlinable @inline(__always)
    func storedValue(in dictionary: ModelDictionary) -> ModelValue? {
        // The common read, inlined whole: a one-key path whose key sits where it sat last time.
        if !hasDottedPath, let value = dictionary.hintedValue(forKey: firstKey, hint: hint) {
            if nullReadsAsDefault, case .null = value { return nil }
            return value
        }
        return storedValueMissingHint(in: dictionary)
    }

    /// The rest of ``storedValue(in:)``, out of line so the common read stays small.
    @usableFromInline
    func storedValueMissingHint(in dictionary: ModelDictionary) -> ModelValue? {
        guard var current = dictionary.value(forKey: firstKey, hint: hint) else { return nil }
        if path.count > 1 {
            for key in path.dropFirst() {
                guard case .object(let object) = current, let next = object[key] else { return nil }
                current = next
            }
        }
        if case .null = current, nullReadsAsDefault { return nil }
        return current
    }

    /// The key path of this field, for errors.
    public var keyPath: [KeyPathComponent] { path.map(KeyPathComponent.key) }

    /// Whether two checked dictionaries hold the same value for this field as it reads:
    /// the stored value or else the default, compared as the field writes it.
    @inlinable
    func readsSameValue(in first: ModelDictionary, as second: ModelDictionary) -> Bool {
        canonicalValue(in: first) == canonicalValue(in: second)
    }

    /// The field's value in a checked dictionary as the field writes it; `nil` when a
    /// required value is missing.
    @inlinable
    func canonicalValue(in dictionary: ModelDictionary) -> ModelValue? {
        if let stored = storedValue(in: dictionary) {
            return Value(_checked: stored, context: context, proof: _CheckedProof()).modelValue(context: context)
        }
        return (defaultValue ?? Value.valueForMissingKey)?.modelValue(context: context)
    }
}

/// What a model's field table does with one field, as closures made where the field is made.
public struct _FieldOperations<Value: ModelValueRepresentable>: Sendable {
    @usableFromInline let validate: @Sendable (ModelDictionary, ModelField<Value>) throws(ModelError) -> Void
    @usableFromInline let describe: @Sendable (ModelDictionary, ModelField<Value>) -> String
    @usableFromInline let storesSameValue: @Sendable (ModelDictionary, ModelDictionary, ModelField<Value>) -> Bool

    @inlinable
    init(
        validate: @escaping @Sendable (ModelDictionary, ModelField<Value>) throws(ModelError) -> Void,
        describe: @escaping @Sendable (ModelDictionary, ModelField<Value>) -> String,
        storesSameValue: @escaping @Sendable (ModelDictionary, ModelDictionary, ModelField<Value>) -> Bool
    ) {
        self.validate = validate
        self.describe = describe
        self.storesSameValue = storesSameValue
    }
}

extension ModelDictionary {
    /// Checks that the field's value, if present, has the field's type, that a required
    /// field is present, and that every step of a dotted key path is an object (or absent,
    /// or `null`).
    ///
    /// - Throws: ``ModelError`` with the field's key path.
    @inlinable
    public func validate<Value>(_ field: ModelField<Value>) throws(ModelError) {
        if !field.hasDottedPath {
            // The common check, of the value where it is stored rather than a copy of it.
            if let position = hintedPosition(forKey: field.firstKey, hint: field.hint)
                ?? position(of: field.firstKey, movingHint: field.hint)
            {
                let stored = storage.elements + position
                if !field.nullReadsAsDefault || !stored.pointee.isNull {
                    do {
                        try Value._validate(modelValue: stored.pointee, context: field.context)
                    } catch {
                        throw error.prefixed(by: field.keyPath)
                    }
                    return
                }
            }
            try Self.validateAbsence(of: field)
            return
        }
        if field.path.count > 1 {
            var current: ModelValue? = self[field.firstKey]
            for (depth, key) in field.path.dropFirst().enumerated() {
                switch current {
                case .none, .null?:
                    current = nil
                case .object(let object)?:
                    current = object[key]
                    continue
                case let other?:
                    let prefix = field.path.prefix(depth + 1).map(KeyPathComponent.key)
                    throw ModelError(.typeMismatch(expected: "object", found: other.kindDescription), at: prefix)
                }
                break
            }
        }
        if let stored = field.storedValue(in: self) {
            do {
                try Value._validate(modelValue: stored, context: field.context)
            } catch {
                throw error.prefixed(by: field.keyPath)
            }
        } else {
            try Self.validateAbsence(of: field)
        }
    }

    /// Checks that the field may be absent (or read its `null` as its default): it has a
    /// default, or is optional.
    ///
    /// - Throws: ``ModelError`` for a missing required key, with the field's key path.
    @inlinable
    static func validateAbsence<Value>(of field: ModelField<Value>) throws(ModelError) {
        if field.defaultValue == nil, Value.valueForMissingKey == nil {
            throw ModelError(.missingKey(expected: Value.typeDescription), at: field.keyPath)
        }
    }

    /// The field's value in a dictionary its model has checked: the stored one, or else its
    /// default (or `nil` for optionals). For generated code; it traps on a dictionary that
    /// did not pass the field's checks.
    @inlinable
    public subscript<Value>(_checked field: ModelField<Value>) -> Value {
        @inline(__always) get {
            // The common read converts the value where it is stored, without copying it first.
            if !field.hasDottedPath, let position = hintedPosition(forKey: field.firstKey, hint: field.hint) {
                let stored = storage.elements + position
                if !field.nullReadsAsDefault || !stored.pointee.isNull {
                    return Value(_checked: stored.pointee, context: field.context, proof: _CheckedProof())
                }
            }
            return readMissingHint(field)
        }
        set { apply(change(setting: newValue, for: field), for: field) }
    }

    /// Replaces the stored value of a field that has one: in place at the hinted position
    /// when the key is there, else by its path.
    @inlinable
    mutating func replaceValue<Value>(with value: ModelValue, for field: ModelField<Value>) {
        if !field.hasDottedPath, let position = hintedPosition(forKey: field.firstKey, hint: field.hint) {
            makeUnique(capacity: count)
            storage.replaceValue(at: position, with: value)
        } else {
            setValue(value, atPath: field.path)
        }
    }

    /// The rest of the `_checked` getter, kept out of the inlined read.
    @inlinable
    func readMissingHint<Value>(_ field: ModelField<Value>) -> Value {
        if let stored = field.storedValueMissingHint(in: self) {
            return Value(_checked: stored, context: field.context, proof: _CheckedProof())
        }
        if let fallback = field.defaultValue ?? Value.valueForMissingKey { return fallback }
        preconditionFailure("Etch: required field \(field.name) is missing")
    }

    /// Writes a field's value, even when it equals the field's default, as a memberwise
    /// initializer does so the serialized model spells out every field. `nil` optionals
    /// are left out.
    @inlinable
    public mutating func set<Value>(_ value: Value, for field: ModelField<Value>) {
        let stored = value.modelValue(context: field.context)
        if stored == .null && Value.valueForMissingKey != nil && field.defaultValue == nil { return }
        setValue(stored, atPath: field.path)
    }
}
