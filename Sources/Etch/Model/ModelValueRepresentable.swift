/// Options that change how a Swift value maps to and from its stored ``ModelValue``.
public struct ModelValueContext: Sendable, Hashable {
    /// How `Date` values are written and read.
    public var dateFormat: DateFormat {
        didSet { datePattern = Self.compiled(dateFormat) }
    }

    /// The custom pattern of ``dateFormat``, compiled once, when Etch's engine reads it.
    @usableFromInline var datePattern: DatePatternFormat?

    /// Makes a context.
    public init(dateFormat: DateFormat = .iso8601) {
        self.dateFormat = dateFormat
        self.datePattern = Self.compiled(dateFormat)
    }

    /// A context for a format that needs no compiled pattern (any but `.custom`), made
    /// where generated getters use it: it folds to a constant, so a getter reads no global.
    @inlinable
    init(_uncompiled dateFormat: DateFormat) {
        self.dateFormat = dateFormat
        self.datePattern = nil
    }

    /// ISO 8601 dates.
    public static let standard = ModelValueContext()

    /// Contexts are equal when their options are.
    public static func == (lhs: ModelValueContext, rhs: ModelValueContext) -> Bool {
        lhs.dateFormat == rhs.dateFormat
    }

    /// Hashes the options, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(dateFormat)
    }

    private static func compiled(_ format: DateFormat) -> DatePatternFormat? {
        if case .custom(let pattern) = format { DatePatternFormat.named(pattern) } else { nil }
    }
}

/// A Swift type that a model field can hold: it converts to and from the ``ModelValue``
/// kept in the model's dictionary.
///
/// Etch provides conformances for the schema's scalar types, optionals, arrays,
/// `[String: T]` dictionaries, ``ModelValue`` itself, generated models and enums, and ``Ref``.
public protocol ModelValueRepresentable: Sendable {
    /// Reads a value, throwing a ``ModelError`` whose key path is relative to `modelValue`.
    init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError)

    /// Reads a value that its model has already checked, skipping checks that cannot fail
    /// again; generated getters read through this. Only Etch can make the proof, so no
    /// code outside Etch can read a value that skipped its checks this way.
    ///
    /// The default calls ``init(modelValue:context:)``. Models override it so a getter that
    /// returns nested models, or arrays of them, does not check them a second time.
    init(_checked checkedModelValue: __shared ModelValue, context: ModelValueContext, proof: _CheckedProof)

    /// Checks that a value reads as this type, throwing what ``init(modelValue:context:)``
    /// throws, without keeping what it reads. The default reads the value and drops it;
    /// collections override it so checking an array of models builds no array.
    static func _validate(modelValue: ModelValue, context: ModelValueContext) throws(ModelError)

    /// The value as it is stored and written.
    func modelValue(context: ModelValueContext) -> ModelValue

    /// The type's name in error messages, such as `String` or `[Int]`.
    static var typeDescription: String { get }

    /// What a field of this type holds when its key is absent: `nil` for optionals,
    /// no value (a missing-key error) otherwise.
    static var valueForMissingKey: Self? { get }

    /// The value as `description` shows it: strings quoted, optionals unwrapped.
    var fieldDescription: String { get }

    /// Whether reading the type uses its ``ModelValueContext`` (a `Date`, or a collection of
    /// them): `false` by default.
    static var _readsWithContext: Bool { get }

    /// Whether a getter keeps the converted value with the model's storage and returns it
    /// again on the next read (see `ConvertedValues`): for arrays and maps, whose conversion
    /// builds a new collection, of types that read without context. `false` by default.
    static var _isConvertedOnce: Bool { get }

    /// Reads a value of this type's JSON shape for a model decoded by a `Decoder`
    /// (`JSONDecoder`, say): through the container call the type's shape asks for, instead of
    /// trying one kind after another. The default reads any ``ModelValue``.
    ///
    /// A read that succeeds can prove the value reads as this type (a `String` read by
    /// `decode(String.self)`), so the model skips checking it again; a read that cannot
    /// (a `Date`'s string might not parse) sets `checked` to `false`, and the model checks the
    /// value as for its own reader. Nothing but a failed proof sets it: callers start with `true`.
    static func _decodeModelValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
    ) throws -> ModelValue

    /// Reads the next element of an array of this type for a model decoded by a `Decoder`;
    /// see ``_decodeModelValue(in:forKey:checked:)``.
    static func _decodeModelValue(in container: inout any UnkeyedDecodingContainer, checked: inout Bool) throws
        -> ModelValue

    /// Reads the value of a key that may be absent, as
    /// ``_decodeModelValue(in:forKey:checked:)`` reads it: `nil` when the key is absent, and
    /// `nil` or ``ModelValue/null`` when its value is `null`, so the caller looks for the key
    /// only then. Scalars read through `decodeIfPresent`, one lookup of the key where
    /// looking for it first takes two; the default looks for it first.
    static func _decodePresentModelValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
    ) throws -> ModelValue?
}

extension ModelValueRepresentable {
    /// `nil` by default: an absent key throws a missing-key error.
    @inlinable
    public static var valueForMissingKey: Self? { nil }
    /// By default the value's string interpolation, such as `42` or `true`.
    public var fieldDescription: String { "\(self)" }
    /// `false`: most types read the same in every context.
    @inlinable public static var _readsWithContext: Bool { false }
    /// `false`: most types convert without allocating.
    @inlinable public static var _isConvertedOnce: Bool { false }

    /// Reads the value through ``init(modelValue:context:)`` and drops it.
    @inlinable
    public static func _validate(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        _ = try Self(modelValue: modelValue, context: context)
    }

    /// By default reads through ``init(modelValue:context:)``; Etch calls it only with values
    /// that passed that initializer, so it cannot fail.
    @inlinable
    public init(_checked checkedModelValue: __shared ModelValue, context: ModelValueContext, proof: _CheckedProof) {
        self = Self._converting(checkedModelValue, context: context)
    }

    /// Reads a value that passed ``init(modelValue:context:)`` before, so it cannot fail.
    /// Declared to release nothing it did not make, so a getter's cold path does not stop
    /// Swift from dropping the caller's retain of the model being read (see ``_FieldHint``).
    @usableFromInline @inline(never) @_effects(releasenone)
    static func _converting(_ checkedModelValue: __shared ModelValue, context: ModelValueContext) -> Self {
        do {
            return try Self(modelValue: checkedModelValue, context: context)
        } catch {
            preconditionFailure("Etch: a checked value no longer converts: \(error)")
        }
    }

    /// Reads a value with ISO 8601 dates.
    public init(modelValue: ModelValue) throws(ModelError) {
        try self.init(modelValue: modelValue, context: .standard)
    }

    /// The stored value with ISO 8601 dates.
    public var modelValue: ModelValue { modelValue(context: .standard) }

    /// The error thrown when `found` is not the kind this type reads.
    public static func mismatch(_ found: ModelValue) -> ModelError {
        ModelError(.typeMismatch(expected: typeDescription, found: found.kindDescription))
    }
}
