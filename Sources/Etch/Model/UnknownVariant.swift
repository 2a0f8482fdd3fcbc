/// A union value whose discriminator names no variant this version of the schema knows: the
/// whole object, kept as it arrived and written back unchanged.
///
/// Only Etch makes one, when it reads such an object, or ``init(_:of:)`` after the union
/// has read the object as unknown; so an unknown variant always reads back as itself, and
/// has a valid `id` when its union is `Identifiable`.
public struct UnknownVariant: Sendable, Hashable, CustomDebugStringConvertible {
    /// The object as it arrived.
    public let dictionary: ModelDictionary
    /// The discriminator's value, when it was a string.
    public let tag: String?

    init(checked dictionary: ModelDictionary, tag: String?) {
        self.dictionary = dictionary
        self.tag = tag
    }

    /// Makes the unknown variant of `union` from an object, checking that the union reads
    /// the object as an unknown variant.
    ///
    /// - Throws: ``ModelError`` when the object is a known variant, or does not read.
    public init<Union: ModelUnion>(_ dictionary: ModelDictionary, of union: Union.Type) throws(ModelError) {
        let variant = try Union(dictionary: dictionary)._variant
        guard variant.model == nil else {
            throw Union.modelError(
                ModelError(
                    .invalidValue(expected: "a variant \(Union.self) does not know", value: "'\(variant.tag ?? "")'"),
                    at: [.key(Union.discriminator)]))
        }
        self = Self._read(dictionary, discriminator: Union.discriminator)
    }

    /// For generated code: the unknown variant of an object whose tag the union does not know.
    public static func _read(_ dictionary: ModelDictionary, discriminator: String) -> UnknownVariant {
        UnknownVariant(
            checked: dictionary,
            tag: dictionary[discriminator].flatMap { if case .string(let tag) = $0 { tag } else { nil } })
    }

    /// For generated code: the unknown variant of an object whose tag an `Identifiable` union
    /// does not know, after checking its `id`.
    ///
    /// - Throws: ``ModelError`` when the `id` is missing or of the wrong type.
    public static func _read<ID>(_ dictionary: ModelDictionary, discriminator: String, id: ModelField<ID>)
        throws(ModelError) -> UnknownVariant
    {
        try dictionary.validate(id)
        return _read(dictionary, discriminator: discriminator)
    }

    /// The value under any key of the object.
    public subscript(key: String) -> ModelValue? { dictionary[key] }

    /// The object, such as `unknown({"type":"poll","id":"q1"})`.
    public var debugDescription: String { "unknown(\(dictionary))" }
}
