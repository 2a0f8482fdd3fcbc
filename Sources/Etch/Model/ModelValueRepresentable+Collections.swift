extension Optional: ModelValueRepresentable where Wrapped: ModelValueRepresentable {
    /// Reads `null` as `nil`.
    @inlinable
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        if case .null = modelValue {
            self = .none
        } else {
            self = .some(try Wrapped(modelValue: modelValue, context: context))
        }
    }

    /// Accepts `null`, and checks anything else as the wrapped type.
    @inlinable
    public static func _validate(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        if case .null = modelValue { return }
        try Wrapped._validate(modelValue: modelValue, context: context)
    }

    /// Writes `nil` as `null`, and a wrapped value as its type writes it.
    @inlinable
    public func modelValue(context: ModelValueContext) -> ModelValue {
        switch self {
        case .none: .null
        case .some(let wrapped): wrapped.modelValue(context: context)
        }
    }

    /// Reads `null` as `nil`, and anything else as the wrapped type without checking it again.
    @inlinable
    public init(_checked checkedModelValue: __shared ModelValue, context: ModelValueContext, proof: _CheckedProof) {
        if case .null = checkedModelValue {
            self = .none
        } else {
            self = .some(Wrapped(_checked: checkedModelValue, context: context, proof: proof))
        }
    }

    /// The wrapped type's name with `?`, such as `"Int?"`.
    public static var typeDescription: String { "\(Wrapped.typeDescription)?" }
    /// `.some(nil)`: an absent key reads as `nil` instead of throwing a missing-key error.
    @inlinable
    public static var valueForMissingKey: Self? { .some(.none) }
    /// As the wrapped type reads.
    @inlinable public static var _readsWithContext: Bool { Wrapped._readsWithContext }
    /// As the wrapped type converts.
    @inlinable public static var _isConvertedOnce: Bool { Wrapped._isConvertedOnce }
    /// Shown as the wrapped value's field description, or `nil`.
    public var fieldDescription: String { map(\.fieldDescription) ?? "nil" }
}

extension Array: ModelValueRepresentable where Element: ModelValueRepresentable {
    /// As the element type reads.
    @inlinable public static var _readsWithContext: Bool { Element._readsWithContext }
    /// `true` unless the elements read with context: getters keep the array they build.
    @inlinable public static var _isConvertedOnce: Bool { !Element._readsWithContext }

    /// Reads an array, each element as `Element`; throws for other kinds, or the first failing
    /// element's error with its index prefixed to the key path.
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        guard case .array(let elements) = modelValue else { throw Self.mismatch(modelValue) }
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() {
            do {
                result.append(try Element(modelValue: element, context: context))
            } catch {
                throw error.prefixed(by: .index(position))
            }
        }
        self = result
    }

    /// Checks each element as `Element`, as ``init(modelValue:context:)`` does, without
    /// building the array.
    @inlinable
    public static func _validate(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        guard case .array(let elements) = modelValue else { throw Self.mismatch(modelValue) }
        for position in elements.indices {
            do {
                try Element._validate(modelValue: elements[position], context: context)
            } catch {
                throw error.prefixed(by: .index(position))
            }
        }
    }

    /// Writes an array of the elements' values, in order.
    public func modelValue(context: ModelValueContext) -> ModelValue {
        .array(map { $0.modelValue(context: context) })
    }

    /// Reads an already checked array, each element without checking it again; traps for other kinds.
    /// Inlinable, so a getter builds its array specialized for `Element`.
    @inlinable
    public init(_checked checkedModelValue: __shared ModelValue, context: ModelValueContext, proof: _CheckedProof) {
        guard case .array(let elements) = checkedModelValue else {
            preconditionFailure("Etch: a checked array is no longer an array")
        }
        // Not through `unsafeUninitializedCapacity` when empty: that writes the count into the
        // empty array singleton every empty array shares, a race the thread sanitizer reports.
        guard !elements.isEmpty else {
            self = []
            return
        }
        self = Array(unsafeUninitializedCapacity: elements.count) { buffer, initialized in
            for (position, element) in elements.enumerated() {
                (buffer.baseAddress! + position).initialize(
                    to: Element(_checked: element, context: context, proof: proof))
            }
            initialized = elements.count
        }
    }

    /// The element type's name in brackets, such as `"[Int]"`.
    public static var typeDescription: String { "[\(Element.typeDescription)]" }
    /// Shown as the elements' field descriptions in brackets, such as `["a", "b"]`.
    public var fieldDescription: String { "[" + map(\.fieldDescription).joined(separator: ", ") + "]" }
}

extension Dictionary: ModelValueRepresentable where Key == String, Value: ModelValueRepresentable {
    /// As the value type reads.
    @inlinable public static var _readsWithContext: Bool { Value._readsWithContext }
    /// `true` unless the values read with context: getters keep the dictionary they build.
    @inlinable public static var _isConvertedOnce: Bool { !Value._readsWithContext }

    /// Reads an object, each value as `Value`; throws for other kinds, or the first failing
    /// value's error with its key prefixed to the key path.
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        guard case .object(let object) = modelValue else { throw Self.mismatch(modelValue) }
        var result: [String: Value] = [:]
        result.reserveCapacity(object.count)
        for (position, key) in object.storedKeys.enumerated() {
            do {
                result[key] = try Value(modelValue: object.value(at: position), context: context)
            } catch {
                throw error.prefixed(by: .key(key))
            }
        }
        self = result
    }

    /// Writes an object with keys in sorted order, so equal dictionaries store equal bytes.
    public func modelValue(context: ModelValueContext) -> ModelValue {
        let sorted = self.sorted { $0.key < $1.key }
        return .object(
            ModelDictionary(keys: sorted.map(\.key), values: sorted.map { $0.value.modelValue(context: context) })
        )
    }

    /// Reads an already checked object, each value without checking it again; traps for other kinds.
    @inlinable
    public init(_checked checkedModelValue: __shared ModelValue, context: ModelValueContext, proof: _CheckedProof) {
        guard case .object(let object) = checkedModelValue else {
            preconditionFailure("Etch: a checked dictionary is no longer an object")
        }
        var result: [String: Value] = [:]
        result.reserveCapacity(object.count)
        for (position, key) in object.storedKeys.enumerated() {
            result[key] = Value(_checked: object.value(at: position), context: context, proof: proof)
        }
        self = result
    }

    /// The value type's name in a dictionary type, such as `"[String: Int]"`.
    public static var typeDescription: String { "[String: \(Value.typeDescription)]" }
    /// Shown with keys quoted and sorted, each with its value's field description, such as
    /// `["a": 1, "b": 2]`; `[:]` when empty.
    public var fieldDescription: String {
        guard !isEmpty else { return "[:]" }
        return "["
            + sorted { $0.key < $1.key }.map { "\($0.key.debugDescription): \($0.value.fieldDescription)" }
            .joined(separator: ", ") + "]"
    }
}
