import Synchronization

/// A JSON object kept as its bytes and read into a ``ModelDictionary`` the first time it
/// is asked for, once, whichever thread asks first; the bytes are freed then.
///
/// What a store holds for an object it read at open: the bytes cost less memory than the
/// values, and the open reads only the members it needs of each object
/// (``readMembers(of:wanted:)``), not every string of it.
///
/// The bytes must have been checked (by ``readMembers(of:wanted:)``, which accepts only
/// what the full read accepts), so reading them again cannot fail.
package final class JSONObjectBytes: @unchecked Sendable {
    // @unchecked: `bytes` is read and freed only under the lock of `decoder` (or in
    // `deinit`), and the read dictionary is published once, atomically, and never changed.

    /// The object's bytes, owned; nil once they were read into a dictionary.
    private var bytes: UnsafeMutableRawBufferPointer?
    /// A retained ``ModelStorage`` of the object read, or 0 until it is first read.
    private let read = Atomic<UInt>(0)
    /// The decoder the objects kept together read through, whose lock guards `bytes`.
    private let decoder: Decoder
    /// The number of bytes kept, or that were kept.
    package let byteCount: Int

    /// Keeps a copy of `bytes`, which hold one JSON object, to be read through `decoder`.
    package init(copying bytes: UnsafeRawBufferPointer, decoder: Decoder) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        copy.copyMemory(from: bytes)
        self.bytes = copy
        self.decoder = decoder
        byteCount = bytes.count
    }

    deinit {
        bytes?.deallocate()
        let word = read.load(ordering: .acquiring)
        if word != 0 { Self.storage(word).release() }
    }

    /// The reader that objects kept together (the objects of one table) share, so that once
    /// read they share key arrays and values spelled alike, as objects read together do
    /// (``JSONRecordDecoder``). One object is read at a time, under its lock, which also
    /// guards the kept objects' bytes.
    package final class Decoder: Sendable {
        private let decoder = Locked(JSONRecordDecoder())

        /// A decoder that shares nothing yet.
        package init() {}

        /// Runs `body` with the record decoder, under the lock.
        fileprivate func withLock<Result: Sendable>(_ body: (JSONRecordDecoder) -> Result) -> Result {
            decoder.withLock { decoder in body(decoder) }
        }
    }

    /// Whether the object was read since it was kept.
    package var isRead: Bool { read.load(ordering: .acquiring) != 0 }

    /// Calls `body` with the bytes kept, unless the object was read (and its bytes freed):
    /// then returns nil without calling it. The bytes stay valid only during the call, which
    /// holds the lock of the object's decoder: `body` must not read other kept objects.
    package func withBytesUnlessRead<Result: Sendable>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result? {
        decoder.withLock { _ in bytes.map { body(UnsafeRawBufferPointer($0)) } }
    }

    /// The object's dictionary: read from the bytes the first time, the same storage after.
    package var dictionary: ModelDictionary {
        let word = read.load(ordering: .acquiring)
        if word != 0 { return ModelDictionary(storage: Self.storage(word).takeUnretainedValue()) }
        return readAndKeep()
    }

    /// Reads the bytes under the decoder's lock, unless another thread did while this one
    /// waited for it, publishes the dictionary, and frees the bytes.
    @inline(never)
    private func readAndKeep() -> ModelDictionary {
        let word = decoder.withLock { recordDecoder -> UInt in
            let known = read.load(ordering: .acquiring)
            if known != 0 { return known }
            guard let kept = bytes else { preconditionFailure("Etch: a kept object lost its bytes unread") }
            let dictionary: ModelDictionary
            do {
                dictionary = try recordDecoder.dictionary(from: UnsafeRawBufferPointer(kept))
            } catch {
                preconditionFailure("Etch: an object kept as checked JSON no longer reads: \(error)")
            }
            let word = UInt(bitPattern: Unmanaged.passRetained(dictionary.storage).toOpaque())
            read.store(word, ordering: .releasing)
            kept.deallocate()
            bytes = nil
            return word
        }
        return ModelDictionary(storage: Self.storage(word).takeUnretainedValue())
    }

    private static func storage(_ word: UInt) -> Unmanaged<ModelStorage> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: word)!)
    }

    /// The members of the JSON object in `bytes` whose keys are among `wanted`, the rest of
    /// it checked but not built; see ``JSONReader/readMembers(_:wanted:options:)``.
    ///
    /// - Throws: ``JSONError`` when `bytes` are not a JSON object.
    package static func readMembers(of bytes: UnsafeRawBufferPointer, wanted: JSONMemberKeys) throws(JSONError)
        -> ModelDictionary
    {
        try JSONReader.readMembers(
            UnsafeBufferPointer(start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: bytes.count),
            wanted: wanted)
    }
}
