/// A box that lets a `Codable` struct hold an optional value of its own type, as
/// `Status.retweetedStatus` does; it codes exactly as the value it holds.
///
/// Structs cannot contain themselves, so a hand-written model needs such a box (or a
/// class); an array's buffer provides the indirection here.
struct Indirect<Wrapped: Codable>: Codable {
    private let storage: [Wrapped]

    /// Boxes a value.
    init(_ value: Wrapped) { storage = [value] }

    /// The boxed value.
    var value: Wrapped { storage[0] }

    init(from decoder: any Decoder) throws {
        storage = [try Wrapped(from: decoder)]
    }

    func encode(to encoder: any Encoder) throws {
        try storage[0].encode(to: encoder)
    }
}
