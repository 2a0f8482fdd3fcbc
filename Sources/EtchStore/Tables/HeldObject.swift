import Etch

/// An object as a table holds it: the model's dictionary, and its `@local` values in a box
/// when it has any others than the defaults.
///
/// One concrete type for the objects of every model. Models are registered with a store at
/// run time, so code generic over the model is never specialized: each copy of a model in
/// a tree went through the model's value witnesses, and each tree operation looked up the
/// metadata of its generic node types. Trees of held objects run specialized code, and a
/// copy is a retain. Objects become models again where the tables hand them out
/// (``IdentifiedModel/init(held:)``), which costs what a copy of the model did.
struct HeldObject: @unchecked Sendable {
    /// Everything the object holds, as it is serialized.
    let dictionary: ModelDictionary
    /// A ``LocalValuesBox`` of the model's `LocalValues`, or `nil` for the defaults.
    ///
    /// `@unchecked Sendable`: the box is immutable and its values are `Sendable`.
    let locals: AnyObject?
}

/// The `@local` values of a held object, boxed so that ``HeldObject`` has one layout for
/// every model.
final class LocalValuesBox<Values: ModelLocalValues>: Sendable {
    let values: Values

    init(_ values: Values) {
        self.values = values
    }
}

extension IdentifiedModel {
    /// The object as a table holds it.
    var held: HeldObject {
        if LocalValues.self == NoLocalValues.self { return HeldObject(dictionary: dictionary, locals: nil) }
        let locals = localValues
        return HeldObject(dictionary: dictionary, locals: locals == LocalValues() ? nil : LocalValuesBox(locals))
    }

    /// The model of an object a table holds.
    init(held: HeldObject) {
        guard let box = held.locals else {
            self = ._checked(held.dictionary, localValues: LocalValues())
            return
        }
        self = ._checked(held.dictionary, localValues: unsafeDowncast(box, to: LocalValuesBox<LocalValues>.self).values)
    }
}
