@_spi(EtchCollections) import Etch

/// An object as a table holds it: the model's dictionary, with its `@local` values in a box
/// when it has any others than the defaults; one reference either way.
///
/// One concrete type for the objects of every model. Models are registered with a store at
/// run time, so code generic over the model is never specialized: each copy of a model in
/// a tree went through the model's value witnesses, and each tree operation looked up the
/// metadata of its generic node types. Trees of held objects run specialized code, and a
/// copy is a retain. Objects become models again where the tables hand them out
/// (``IdentifiedModel/init(held:)``), which costs what a copy of the model did, except the
/// first time for an object an open kept as its JSON, which is then read whole.
enum HeldObject: @unchecked Sendable {
    // @unchecked: the payloads are immutable (a dictionary's storage, a `HeldWithLocals`
    // box) and hold only `Sendable` values.

    /// An object with default `@local` values (or none): its dictionary alone, one
    /// reference, as the model itself is.
    case plain(ModelDictionary)
    /// An object with other `@local` values: a ``HeldWithLocals`` of the model's
    /// `LocalValues`, one reference too.
    case withLocals(AnyObject)
    /// An object an open read from its file, with default `@local` values: its JSON,
    /// checked, read into a dictionary the first time it is asked for, which it keeps from
    /// then on in place of the bytes.
    case stored(JSONObjectBytes)

    /// Everything the object holds, as it is serialized.
    var dictionary: ModelDictionary {
        switch self {
        case .plain(let dictionary): dictionary
        case .withLocals(let box): unsafeDowncast(box, to: HeldDictionary.self).dictionary
        case .stored(let bytes): bytes.dictionary
        }
    }
}

/// The dictionary of a held object with `@local` values, which ``HeldWithLocals`` boxes
/// beside them: read without knowing the model.
class HeldDictionary: @unchecked Sendable {
    let dictionary: ModelDictionary

    init(_ dictionary: ModelDictionary) {
        self.dictionary = dictionary
    }
}

/// A held object's dictionary and its `@local` values, boxed so that ``HeldObject`` is one
/// reference for every model.
final class HeldWithLocals<Values: ModelLocalValues>: HeldDictionary, @unchecked Sendable {
    let values: Values

    init(_ dictionary: ModelDictionary, values: Values) {
        self.values = values
        super.init(dictionary)
    }
}

extension IdentifiedModel {
    /// The object as a table holds it.
    var held: HeldObject {
        if LocalValues.self == NoLocalValues.self { return .plain(dictionary) }
        let locals = localValues
        return locals == LocalValues() ? .plain(dictionary) : .withLocals(HeldWithLocals(dictionary, values: locals))
    }

    /// The model of an object a table holds.
    init(held: HeldObject) {
        switch held {
        case .plain(let dictionary):
            self = ._checked(dictionary, localValues: LocalValues())
        case .withLocals(let box):
            let boxed = unsafeDowncast(box, to: HeldWithLocals<LocalValues>.self)
            self = ._checked(boxed.dictionary, localValues: boxed.values)
        case .stored(let bytes):
            self = ._checked(bytes.dictionary, localValues: LocalValues())
        }
    }
}
