import Foundation

/// Finds the position of a key among a model's one-key fields by the key's bytes, with no
/// reference counting: ``ModelCodingKey`` asks it once for each key a `Decoder` lists.
///
/// It hashes only the key's length and its first and last eight bytes, which tells a
/// model's keys apart well enough and costs far less than hashing the whole key with
/// `Hasher`; the key's bytes are then compared. Its tables live in memory it allocates once
/// and frees in `deinit`, so a lookup reads plain memory where arrays kept by a class would
/// be retained and released on each read.
final class ModelKeyIndex: @unchecked Sendable {
    // @unchecked: the buffers are written in `init` only, then read.

    /// Open addressing over the keys: a key's position plus one, or 0 for an empty slot;
    /// a power of two long.
    private let slots: UnsafeMutableBufferPointer<Int32>
    /// Each key's ``hash(_:)``, by position.
    private let hashes: UnsafeMutableBufferPointer<Int>
    /// Where each key's bytes start in ``bytes``, by position, and where the last ends.
    private let offsets: UnsafeMutableBufferPointer<Int>
    /// The keys' UTF-8 bytes, one after another.
    private let bytes: UnsafeMutableBufferPointer<UInt8>

    /// Indexes `keys`, which are distinct.
    init(keys: [String]) {
        let slotCount = Self.slotCount(for: keys.count)
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: 0)
        hashes = .allocate(capacity: keys.count)
        offsets = .allocate(capacity: keys.count + 1)
        bytes = .allocate(capacity: max(1, keys.reduce(0) { $0 + $1.utf8.count }))
        var end = 0
        for (position, key) in keys.enumerated() {
            offsets[position] = end
            for byte in key.utf8 {
                bytes[end] = byte
                end += 1
            }
            let hash = Self.hash(UnsafeBufferPointer(rebasing: bytes[offsets[position]..<end]))
            hashes[position] = hash
            var slot = hash & (slotCount - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (slotCount - 1) }
            slots[slot] = Int32(position + 1)
        }
        offsets[keys.count] = end
    }

    deinit {
        slots.deallocate()
        hashes.deallocate()
        offsets.deallocate()
        bytes.deallocate()
    }

    /// The position of the key with `key`'s bytes, if it is indexed.
    func position(ofKey key: String) -> Int? {
        if let position = key.utf8.withContiguousStorageIfAvailable({ position(ofBytes: $0) }) { return position }
        var key = key
        return key.withUTF8 { position(ofBytes: $0) }
    }

    /// The position of the key with these bytes, if it is indexed.
    func position(ofBytes key: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = Self.hash(key)
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            let start = offsets[position]
            if hashes[position] == hash, offsets[position + 1] - start == key.count,
                key.isEmpty || memcmp(bytes.baseAddress! + start, key.baseAddress!, key.count) == 0
            {
                return position
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// A power of two at least twice `count`, so probes stay short.
    private static func slotCount(for count: Int) -> Int {
        var slots = 4
        while slots < 2 * count { slots *= 2 }
        return slots
    }

    /// Mixes a key's length with its first and last eight bytes (fewer for a shorter key).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        var mixed = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        if count >= 8 {
            let raw = UnsafeRawPointer(bytes.baseAddress!)
            mixed ^= raw.loadUnaligned(as: UInt64.self)
            mixed = (mixed ^ (mixed >> 29)) &* 0xBF58_476D_1CE4_E5B9
            mixed ^= raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else {
            for byte in bytes { mixed = (mixed << 8) | UInt64(byte) }
        }
        mixed = (mixed ^ (mixed >> 31)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 32))
    }
}
