extension JSONKeyCache {
    /// The keys expected next, the likelier first: the last two that followed the key with
    /// identity `previous` (0 for none), either as the next key of its object or, when
    /// `opensObject`, as the first key of an object that is its value. Documents repeat their
    /// shapes, so one of the guesses is usually right (96% of twitter.json's keys), and
    /// checking one costs a comparison instead of a scan, a hash and a lookup. 0 stands for
    /// no guess.
    @inline(__always)
    func predictedIDs(after previous: Int, opensObject: Bool) -> (likely: Int, alternative: Int) {
        opensObject ? known[previous].firstNested : known[previous].next
    }

    /// Remembers that the key with identity `id` followed the key with identity `previous`,
    /// which makes it the likelier guess and the other one the alternative.
    @inline(__always)
    mutating func learn(_ id: Int, after previous: Int, opensObject: Bool) {
        if opensObject {
            if known[previous].firstNested.0 != id { known[previous].firstNested = (id, known[previous].firstNested.0) }
        } else {
            if known[previous].next.0 != id { known[previous].next = (id, known[previous].next.0) }
        }
    }

    /// The length of the key with identity `id` when its bytes, and then a closing quote,
    /// are at `offset`; `nil` otherwise, and for identity 0. The cache holds only keys without
    /// escapes, control characters or invalid UTF-8, so equal bytes are the same key read the
    /// same way.
    @inline(__always)
    func length(ofKey id: Int, at offset: Int, in base: UnsafePointer<UInt8>, end: Int) -> Int? {
        guard id != 0 else { return nil }
        let length = known[id].length
        guard offset &+ length < end, base[offset &+ length] == JSONByte.quote,
            Self.sameBytes(base + known[id].offset, base + offset, length: length)
        else { return nil }
        return length
    }
}
