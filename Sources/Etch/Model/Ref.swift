/// A reference to another model, stored as that model's id (schema type `Ref<Model>`).
///
/// ```swift
/// let room = Room(id: "r1", creator: Ref(user))   // stored as "creator": "u1"
/// room.creator.id                                 // "u1"
/// ```
public struct Ref<Target: ImmutableModel & Identifiable>: ModelValueRepresentable, Hashable, Sendable
where Target.ID: ModelValueRepresentable & Sendable {
    /// The referenced model's id.
    public let id: Target.ID

    /// A reference to the model with this id.
    public init(id: Target.ID) {
        self.id = id
    }

    /// A reference to `target`.
    public init(_ target: Target) {
        self.id = target.id
    }

    /// Reads the referenced model's id as `Target.ID` reads it, throwing its errors.
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        id = try Target.ID(modelValue: modelValue, context: context)
    }

    /// Writes only the id, as `Target.ID` writes it.
    public func modelValue(context: ModelValueContext) -> ModelValue { id.modelValue(context: context) }

    /// `Ref<` and the target's model name, such as `"Ref<User>"`, as error messages name this type.
    public static var typeDescription: String { "Ref<\(Target.modelName)>" }
    /// Shown as the id's field description in `Ref(…)`, such as `Ref("u1")`.
    public var fieldDescription: String { "Ref(\(id.fieldDescription))" }
}
