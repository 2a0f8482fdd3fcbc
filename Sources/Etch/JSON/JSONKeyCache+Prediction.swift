extension JSONKeyCache {
    /// The key expected next: the one that followed the key with identity `previous` (0 for
    /// none) the last time, either as the next key of its object or, when `opensObject`, as
    /// the first key of an object that is its value. Documents repeat their shapes, so the
    /// guess is usually right (85% of twitter.json's keys), and checking it costs one
    /// comparison instead of a scan, a hash and a lookup. 0 when there is no guess.
    @inline(__always)
    func predictedID(after previous: Int, opensObject: Bool) -> Int {
        opensObject ? known[previous].firstNested : known[previous].next
    }

    /// Remembers that the key with identity `id` followed the key with identity `previous`.
    @inline(__always)
    mutating func learn(_ id: Int, after previous: Int, opensObject: Bool) {
        if opensObject {
            known[previous].firstNested = id
        } else {
            known[previous].next = id
        }
    }

    /// The length of the key with identity `id` when its bytes, and then a closing quote,
    /// are at `offset`; `nil` otherwise. The cache holds only keys without escapes, control
    /// characters or invalid UTF-8, so equal bytes are the same key read the same way.
    @inline(__always)
    func length(ofKey id: Int, at offset: Int, in base: UnsafePointer<UInt8>, end: Int) -> Int? {
        let length = known[id].length
        guard offset &+ length < end, base[offset &+ length] == JSONByte.quote,
            Self.sameBytes(base + known[id].offset, base + offset, length: length)
        else { return nil }
        return length
    }
}
