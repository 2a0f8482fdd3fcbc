import Synchronization

/// How a model's object, read through a `Decoder`, learns its undeclared keys: `allKeys` of a
/// key type that declines the declared ones (``ModelCodingKey``), or of one that takes every
/// key (``AnyCodingKey``), the declared ones then skipped.
///
/// `allKeys` makes a key of the container's key type for each key of the object. Foundation's
/// decoders leave out the keys the type cannot make, as the `CodingKey` contract allows, so
/// through ``ModelCodingKey`` they list only the undeclared keys: most objects have none.
/// Other decoders may not. Some force-unwrap each key they make, and would trap on a declined
/// one; some answer `contains(_:)` by searching `allKeys`, and would find no declared key, so
/// an optional field would be dropped. So the declining key is used only under a decoder known
/// to leave keys out; under any other, every key is listed.
enum CodableKeyListing: Sendable, Equatable {
    /// Only the keys the model does not declare, through ``ModelCodingKey``.
    case undeclared
    /// Every key, through ``AnyCodingKey``; the declared ones are skipped.
    case every

    /// The listing of the decoding under way in this task, or on this thread outside a task.
    ///
    /// A nested model is read through its parent's container, which does not name its
    /// decoder, so the top-level model's choice is carried down here. Outside any model's
    /// `init(from:)` it is ``every``, which every decoder reads correctly.
    @TaskLocal static var current: CodableKeyListing = .every

    /// Runs `body` with `listing` as ``current``.
    static func with<Result>(_ listing: CodableKeyListing, _ body: () throws -> Result) rethrows -> Result {
        if current == listing { return try body() }
        return try $current.withValue(listing, operation: body)
    }

    /// The listing for a decoder: ``undeclared`` for Foundation's `JSONDecoder` and
    /// `PropertyListDecoder`, ``every`` for any other.
    ///
    /// - Complexity: O(1); a decoder type met for the first time is looked at once, by name,
    ///   as Foundation's decoder types are not public.
    static func forDecoder(_ decoder: any Decoder) -> CodableKeyListing {
        let decoderType = type(of: decoder)
        let identity = UInt(bitPattern: ObjectIdentifier(decoderType))
        if lastLeavingOut.load(ordering: .relaxed) == identity { return .undeclared }
        let leavesOut = known.withLock { known in
            if let leavesOut = known[identity] { return leavesOut }
            let leavesOut = leavesOutKeysItCannotMake(decoderType)
            known[identity] = leavesOut
            return leavesOut
        }
        guard leavesOut else { return .every }
        lastLeavingOut.store(identity, ordering: .relaxed)
        return .undeclared
    }

    /// Whether a decoder type is one of Foundation's, whose keyed containers list only the
    /// keys their key type can make and find a key by its name, on Linux and on Apple's
    /// platforms, old and new.
    static func leavesOutKeysItCannotMake(_ decoderType: any Decoder.Type) -> Bool {
        let qualified = String(reflecting: decoderType)
        guard qualified.hasPrefix("FoundationEssentials.") || qualified.hasPrefix("Foundation.") else { return false }
        let name = String(describing: decoderType)
        return ["JSONDecoderImpl", "__JSONDecoder", "_JSONDecoder", "__PlistDecoder", "_PlistDecoder"].contains(name)
            || name.hasPrefix("_PlistDecoder<")
    }

    /// What ``leavesOutKeysItCannotMake(_:)`` answered, by the decoder type's identity.
    private static let known = Locked<[UInt: Bool]>([:])
    /// The identity of the last decoder type found to leave keys out, answered without the lock.
    private static let lastLeavingOut = Atomic<UInt>(0)
}
