// Equality, hashing and printing: the same for every model, so they live here once rather
// than in each generated struct (Codable is in ImmutableModel+Codable.swift).

extension ImmutableModel {
    /// Equal when the serialized data is equal; local values do not count.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.dictionary == rhs.dictionary
    }

    /// Hashes the serialized data; local values do not count.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(dictionary)
    }

    /// The declared fields, such as `Room(id: "r1", title: "Lobby", unread: 3)`.
    ///
    /// Models print through `CustomDebugStringConvertible`, so a field named `description`
    /// belongs to the model's own API.
    public var debugDescription: String {
        let fields = Self._schema.fields.map { "\($0.name): \($0.describe(in: dictionary))" }
        return "\(Self.modelName)(" + fields.joined(separator: ", ") + ")"
    }
}
