import Synchronization

/// A JSON object kept as its bytes and read into a ``ModelDictionary`` the first time it
/// is asked for, once, whichever thread asks first.
///
/// What a store holds for an object it read at open: the bytes cost less memory than the
/// values, and the open reads only the members it needs of each object
/// (``readMembers(of:wanted:)``), not every string of it. Once read, the dictionary is
/// kept beside the bytes.
///
/// The bytes must have been checked (by ``readMembers(of:wanted:)``, which accepts only
/// what the full read accepts), so reading them again cannot fail.
package final class JSONObjectBytes: @unchecked Sendable {
    // @unchecked: the bytes never change after `init`, and the read dictionary is published
    // once, by a compare-and-swap, and never changed.

    /// The object's bytes, owned.
    private let bytes: UnsafeMutableRawBufferPointer
    /// A retained ``ModelStorage`` of the object read, or 0 until it is first read.
    private let read = Atomic<UInt>(0)
    /// The decoder the objects kept together read through.
    private let decoder: Decoder

    /// Keeps a copy of `bytes`, which hold one JSON object, to be read through `decoder`.
    package init(copying bytes: UnsafeRawBufferPointer, decoder: Decoder) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        copy.copyMemory(from: bytes)
        self.bytes = copy
        self.decoder = decoder
    }

    /// The reader that objects kept together (the objects of one table) share, so that once
    /// read they share key arrays and values spelled alike, as objects read together do
    /// (``JSONRecordDecoder``). One object is read at a time.
    package final class Decoder: Sendable {
        private let decoder = Locked(JSONRecordDecoder())

        /// A decoder that shares nothing yet.
        package init() {}

        fileprivate func dictionary(from bytes: UnsafeRawBufferPointer) throws(JSONError) -> ModelDictionary {
            // The bytes cross into the lock as an address: they are the kept object's own,
            // never written, so reading them under the lock shares nothing.
            let (address, count) = (UInt(bitPattern: bytes.baseAddress), bytes.count)
            return try decoder.withLock { decoder throws(JSONError) in
                try decoder.dictionary(
                    from: UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: address), count: count))
            }
        }
    }

    deinit {
        bytes.deallocate()
        let word = read.load(ordering: .acquiring)
        if word != 0 { Self.storage(word).release() }
    }

    /// The number of bytes kept.
    package var byteCount: Int { bytes.count }

    /// Whether the object was read since it was kept.
    package var isRead: Bool { read.load(ordering: .acquiring) != 0 }

    /// Calls `body` with the bytes kept, which stay valid only during the call.
    package func withBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(bytes))
    }

    /// The object's dictionary: read from the bytes the first time, the same storage after.
    package var dictionary: ModelDictionary {
        let word = read.load(ordering: .acquiring)
        if word != 0 { return ModelDictionary(storage: Self.storage(word).takeUnretainedValue()) }
        return readAndKeep()
    }

    /// Reads the bytes and publishes the dictionary, unless another thread did first.
    @inline(never)
    private func readAndKeep() -> ModelDictionary {
        let dictionary: ModelDictionary
        do {
            dictionary = try decoder.dictionary(from: UnsafeRawBufferPointer(bytes))
        } catch {
            preconditionFailure("Etch: an object kept as checked JSON no longer reads: \(error)")
        }
        let word = UInt(bitPattern: Unmanaged.passRetained(dictionary.storage).toOpaque())
        let (exchanged, original) = read.compareExchange(
            expected: 0, desired: word, successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
        guard exchanged else {
            Self.storage(word).release()
            return ModelDictionary(storage: Self.storage(original).takeUnretainedValue())
        }
        return dictionary
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
