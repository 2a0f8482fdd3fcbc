/// The wire keys that declared fields read, each as one shared `String`, so the reader can
/// hand out that very string for a key it meets in a document.
///
/// A getter first compares its key with the stored one by representation (see
/// ``WireKey/sameRepresentation(_:_:)``), which proves equality for keys of up to 15 bytes
/// (kept inline) but, for longer ones, only when both are the same string object. Keys the
/// reader takes from here are, so long keys such as `in_reply_to_status_id_str` hit too.
@usableFromInline
enum DeclaredKeys {
    /// Only keys too long to be kept inline in a `String` need sharing.
    static let minimumLength = 16

    private static let table = Locked<[WireKey: String]>([:])

    /// Records `key` as the shared string for its bytes, unless one is recorded already;
    /// returns the shared string.
    @usableFromInline
    static func share(_ key: String) -> String {
        guard key.utf8.count >= minimumLength else { return key }
        return table.withLock { table in
            if let shared = table[WireKey(key)] { return shared }
            table[WireKey(key)] = key
            return key
        }
    }

    /// The shared string with the same bytes as `key`, or `key` itself.
    static func shared(_ key: String) -> String {
        guard key.utf8.count >= minimumLength else { return key }
        return table.withLock { $0[WireKey(key)] } ?? key
    }
}
