/// The bytes of a history row's `changes` column: a format byte, then each entry as its kind
/// byte and four length-prefixed fields (model, id, body, local), lengths as LEB128 varints.
/// The local field's length is stored plus one, so 0 means "no local values".
///
/// Compact and quick to read: a catching-up store reads the entries of every commit it
/// missed, and the bodies are the objects' JSON as the objects table holds them.
enum HistoryEncoding {
    /// The format byte this Etch writes and reads.
    static let format: UInt8 = 1

    /// The bytes of `entries`.
    static func bytes(of entries: ArraySlice<HistoryEntry>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entries.reduce(1) { $0 + $1.byteCount })
        bytes.append(format)
        for entry in entries {
            bytes.append(entry.kind.rawValue)
            appendText(entry.record.model, to: &bytes)
            appendText(entry.record.id, to: &bytes)
            appendField(entry.record.body, to: &bytes)
            if let local = entry.record.local {
                appendVarint(local.count + 1, to: &bytes)
                bytes += local
            } else {
                appendVarint(0, to: &bytes)
            }
        }
        return bytes
    }

    /// The entries in `bytes`.
    ///
    /// - Throws: ``HistoryDecodingError`` for bytes this format does not describe (a damaged
    ///   file), with the offset where reading stopped; never reads out of bounds.
    /// - Complexity: O(*n*) in the number of bytes.
    static func entries(in bytes: [UInt8]) throws(HistoryDecodingError) -> [HistoryEntry] {
        var reader = Reader(bytes: bytes)
        let version = try reader.byte()
        guard version == format else {
            throw HistoryDecodingError(reason: "history format \(version), not \(format)", offset: 0)
        }
        var entries: [HistoryEntry] = []
        while !reader.isAtEnd {
            let kindOffset = reader.offset
            guard let kind = HistoryEntry.Kind(rawValue: try reader.byte()) else {
                throw HistoryDecodingError(reason: "an unknown kind of change", offset: kindOffset)
            }
            let model = try reader.text()
            let id = try reader.text()
            let body = try reader.field()
            let localLength = try reader.varint()
            let local = localLength == 0 ? nil : try reader.bytes(count: localLength - 1)
            entries.append(
                HistoryEntry(kind: kind, record: StoredRecord(model: model, id: id, body: body, local: local)))
        }
        return entries
    }

    private static func appendField(_ field: [UInt8], to bytes: inout [UInt8]) {
        appendVarint(field.count, to: &bytes)
        bytes += field
    }

    /// Appends a text's UTF-8 bytes as a field, without copying them into an array first.
    private static func appendText(_ text: String, to bytes: inout [UInt8]) {
        let utf8 = text.utf8
        appendVarint(utf8.count, to: &bytes)
        bytes += utf8
    }

    private static func appendVarint(_ value: Int, to bytes: inout [UInt8]) {
        var rest = UInt64(value)
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Reads the fields of one row's bytes, checking every length against what is left.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func byte() throws(HistoryDecodingError) -> UInt8 {
            guard offset < bytes.count else {
                throw HistoryDecodingError(reason: "the bytes end early", offset: offset)
            }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func varint() throws(HistoryDecodingError) -> Int {
            let start = offset
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = try byte()
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { break }
                shift += 7
                guard shift < 63 else { throw HistoryDecodingError(reason: "a length too long", offset: start) }
            }
            guard value <= UInt64(bytes.count) else {
                throw HistoryDecodingError(reason: "a length of \(value) bytes in \(bytes.count)", offset: start)
            }
            return Int(value)
        }

        mutating func bytes(count: Int) throws(HistoryDecodingError) -> [UInt8] {
            guard count <= bytes.count - offset else {
                throw HistoryDecodingError(reason: "a field of \(count) bytes runs past the end", offset: offset)
            }
            defer { offset += count }
            return Array(bytes[offset..<offset + count])
        }

        mutating func field() throws(HistoryDecodingError) -> [UInt8] {
            try bytes(count: try varint())
        }

        mutating func text() throws(HistoryDecodingError) -> String {
            let start = offset
            let field = try field()
            guard let text = String(validating: field, as: UTF8.self) else {
                throw HistoryDecodingError(reason: "text that is not UTF-8", offset: start)
            }
            return text
        }
    }
}

/// Bytes of a history row that the format does not describe.
struct HistoryDecodingError: Error, Sendable {
    /// What is wrong.
    let reason: String
    /// Where in the row's bytes reading stopped.
    let offset: Int
}
