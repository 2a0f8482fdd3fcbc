/// The hash that an ``IDTable`` files an integer id under: a seeded mix of its bits, a few
/// multiplications where `hashValue` runs SipHash, some 10 to 20 ns per id, which a batch
/// of 10k ids pays for each.
///
/// The seed is drawn once per process, as `Hasher`'s is, so which ids share a slot cannot
/// be known ahead: ids that come from outside (a server's) cannot be chosen to pile into
/// one run of slots. Other ids are hashed by their `hashValue`.
@usableFromInline
enum IDHash {
    /// This process's seed.
    @usableFromInline static let seed = UInt64.random(in: .min ... .max)

    /// The hash of `id` when its type is one of the standard library's integer types of up
    /// to 64 bits; `nil` for any other type. Where `ID` is known, the type check is decided
    /// when compiling.
    @inlinable @inline(__always)
    static func hash<ID>(of id: ID) -> Int? {
        guard
            let bits = bits(of: id, as: Int.self) ?? bits(of: id, as: Int64.self) ?? bits(of: id, as: UInt64.self)
                ?? bits(of: id, as: UInt.self) ?? bits(of: id, as: Int32.self) ?? bits(of: id, as: UInt32.self)
        else { return nil }
        return mixed(bits)
    }

    /// `id`'s bits, if its type is `Integer`.
    @inlinable @inline(__always)
    static func bits<ID, Integer: FixedWidthInteger>(of id: ID, as _: Integer.Type) -> UInt64? {
        guard ID.self == Integer.self else { return nil }
        return UInt64(truncatingIfNeeded: unsafeBitCast(id, to: Integer.self))
    }

    /// `bits` and the seed, mixed so that every bit of the result depends on every bit of
    /// both (MurmurHash3's finalizer, a bijection): a table takes the low bits.
    @inlinable @inline(__always)
    static func mixed(_ bits: UInt64) -> Int {
        var mixed = bits ^ seed
        mixed = (mixed ^ (mixed &>> 33)) &* 0xff51_afd7_ed55_8ccd
        mixed = (mixed ^ (mixed &>> 33)) &* 0xc4ce_b9fe_1a85_ec53
        return Int(truncatingIfNeeded: mixed ^ (mixed &>> 33))
    }
}
