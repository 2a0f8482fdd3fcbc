/// Finds places in JSON text: the line and column of a byte offset, the key path at an
/// offset, and the position of the value at a key path.
///
/// The reader uses it to report where errors are, and models use it to show where a
/// value that did not fit them sits in the document. All of it runs on error paths only.
///
/// ```swift
/// let bytes = Array(#"{"users": [{"name": 5}]}"#.utf8)
/// JSONLocator.location(of: [.key("users"), .index(0), .key("name")], in: bytes)
/// // (line: 1, column: 21, offset: 20)
/// ```
public enum JSONLocator {
    /// The 1-based line and column (in UTF-8 bytes) of a byte offset. Lines end at `\n`,
    /// `\r\n` or a lone `\r`; a byte order mark at the start takes no columns.
    public static func lineAndColumn(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        let offset = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = hasByteOrderMark(bytes) ? min(3, offset) : 0
        var cursor = lineStart
        while cursor < offset {
            let byte = bytes[cursor]
            cursor += 1
            if byte == JSONByte.newline
                || (byte == JSONByte.carriageReturn && (cursor >= bytes.count || bytes[cursor] != JSONByte.newline))
            {
                line += 1
                lineStart = cursor
            }
        }
        return (line, offset - lineStart + 1)
    }

    /// The position of the value at `keyPath` in a valid JSON document: its line, column and
    /// byte offset. When the path leads to a key or an index that is absent, the position is
    /// that of the deepest object or array on the path that exists. `nil` when the bytes
    /// are not the expected shape.
    ///
    /// When an object repeats a key, the last occurrence counts, as it does when reading.
    public static func location(
        of keyPath: [KeyPathComponent],
        in bytes: some Collection<UInt8>
    ) -> (line: Int, column: Int, offset: Int)? {
        func locate(_ buffer: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int, offset: Int)? {
            guard let offset = offset(of: keyPath, in: buffer) else { return nil }
            let (line, column) = lineAndColumn(at: offset, in: buffer)
            return (line, column, offset)
        }
        return bytes.withContiguousStorageIfAvailable(locate) ?? Array(bytes).withUnsafeBufferPointer(locate)
    }

    /// The key path of the place at `offset`: the keys and indices of the containers open
    /// there, given that the input before `offset` is valid JSON.
    public static func keyPath(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> [KeyPathComponent] {
        var scanner = JSONScanner(bytes)
        return scanner.keyPath(at: offset)
    }

    static func offset(of keyPath: [KeyPathComponent], in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var scanner = JSONScanner(bytes)
        return scanner.offset(of: keyPath)
    }

    static func hasByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }
}
