/// A reference to another model, stored as that model's id (schema type `Ref<Model>`).
///
/// ```swift
/// let room = Room(id: "r1", creator: Ref(user))   // stored as "creator": "u1"
/// room.creator.id                                 // "u1"
/// ```
///
/// A reference also reads from the referenced object itself, as APIs send an "expanded"
/// reference (Stripe's `expand[]`): `"creator": {"id": "u9", "name": "Ada"}` reads as a
/// reference to `u9` that keeps the object, writes it back unchanged, and offers it as
/// ``expanded``.
public struct Ref<Target: ImmutableModel & Identifiable>: ModelValueRepresentable, Hashable, Sendable
where Target.ID: ModelValueRepresentable & Sendable {
    /// The referenced model's id.
    public let id: Target.ID

    /// The object read in place of the id, kept so that it is written back as it came.
    private let object: ModelDictionary?

    /// A reference to the model with this id.
    public init(id: Target.ID) {
        self.id = id
        self.object = nil
    }

    /// A reference to `target`, stored as its id.
    public init(_ target: Target) {
        self.id = target.id
        self.object = nil
    }

    /// Whether the reference was read from the referenced object rather than its id.
    public var isExpanded: Bool { object != nil }

    /// The referenced model, when the reference was read from its object and that object
    /// reads as a `Target`; `nil` for a reference read from an id or made in code.
    ///
    /// ```swift
    /// let room = try Room(jsonString: #"{…, "creator": {"id": "u9", "name": "Ada", …}}"#)
    /// room.creator.id                 // "u9"
    /// room.creator.expanded?.name     // "Ada"
    /// ```
    public var expanded: Target? {
        guard let object else { return nil }
        return try? Target(dictionary: object)
    }

    /// Reads the referenced model's id as `Target.ID` reads it, throwing its errors; or, from
    /// an object, reads the id under the target's `id` key and keeps the object.
    ///
    /// - Throws: ``ModelError`` when the value is not an id, or an object without a valid id
    ///   (the error's key path then ends in the id's key, as in `creator.id`).
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        guard case .object(let dictionary) = modelValue else {
            id = try Target.ID(modelValue: modelValue, context: context)
            object = nil
            return
        }
        let path = Self.idPath
        guard let stored = dictionary.value(atPath: path) else {
            throw ModelError(.missingKey(expected: Target.ID.typeDescription), at: path.map(KeyPathComponent.key))
        }
        do {
            id = try Target.ID(modelValue: stored, context: context)
        } catch {
            throw error.prefixed(by: path.map(KeyPathComponent.key))
        }
        object = dictionary
    }

    /// The wire key path of the target's `id` field: `["id"]` unless the schema gives it a key.
    private static var idPath: [String] {
        Target._schema.fields.first { $0.name == "id" }?.path ?? ["id"]
    }

    /// Writes the id, as `Target.ID` writes it; or the object the reference was read from.
    public func modelValue(context: ModelValueContext) -> ModelValue {
        if let object { return .object(object) }
        return id.modelValue(context: context)
    }

    /// References are equal when their ids are: an expanded reference equals a plain one
    /// to the same model.
    public static func == (lhs: Ref, rhs: Ref) -> Bool { lhs.id == rhs.id }

    /// Hashes the id, consistently with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// `Ref<` and the target's model name, such as `"Ref<User>"`, as error messages name this type.
    public static var typeDescription: String { "Ref<\(Target.modelName)>" }
    /// Shown as the id's field description in `Ref(…)`, such as `Ref("u1")`.
    public var fieldDescription: String { "Ref(\(id.fieldDescription))" }
}
