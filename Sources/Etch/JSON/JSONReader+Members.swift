#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension JSONReader {
    /// Reads the members of the JSON object in `input` whose keys are among `wanted`, and
    /// checks the rest of the document without building it: every string, number and
    /// literal is checked as ``readDocument(_:options:sharedShapes:sharedValues:)`` checks
    /// it, nesting is limited alike, and errors say what is wrong and where. A document
    /// this accepts, the full read accepts too.
    ///
    /// What a store's open reads of each object it holds as bytes: the id and the indexed
    /// values, without the strings and arrays of the other fields.
    ///
    /// - Returns: The wanted members found, in the document's order; when a key repeats,
    ///   the last value wins, as in the full read.
    /// - Throws: ``JSONError`` of kind ``JSONError/Kind/syntax`` (or
    ///   ``JSONError/Kind/tooDeep``) for input that is not JSON, and for a document that is
    ///   not an object.
    static func readMembers(
        _ input: UnsafeBufferPointer<UInt8>, wanted: JSONMemberKeys, options: JSONReadingOptions = JSONReadingOptions()
    ) throws(JSONError) -> ModelDictionary {
        guard !input.isEmpty else {
            throw JSONError(.syntax, message: "unexpected end of input, expected a value", line: 1, column: 1)
        }
        // The object itself is one level: the values read or skipped inside it get the rest.
        var reader = JSONReader(input: input, maxDepth: Swift.max(options.maxDepth - 1, 0), stackCapacity: 0)
        reader.reportedDepthLimit = options.maxDepth
        defer { reader.deallocate() }
        if reader.end >= 3, reader.base[0] == 0xEF, reader.base[1] == 0xBB, reader.base[2] == 0xBF {
            reader.position = 3
        }
        reader.skipWhitespace()
        guard reader.position < reader.end, reader.base[reader.position] == JSONByte.openBrace else {
            throw reader.unexpected("expected an object")
        }
        reader.position += 1
        // The values of the wanted keys read wait on the reader's stack, below any container
        // a value opens. Read in the wanted keys' order (the usual object), the first `count`
        // wanted keys are theirs, which share one array; else `found` lists them all.
        var count = 0
        var inOrder = true
        var found: [Int] = []
        reader.skipWhitespace()
        if reader.position < reader.end, reader.base[reader.position] == JSONByte.closeBrace {
            reader.position += 1
        } else {
            while true {
                if let position = try reader.readMemberKey(among: wanted) {
                    if inOrder, position == count {
                        count += 1
                    } else {
                        if inOrder { found = Array(0..<count) }
                        inOrder = false
                        found.append(position)
                    }
                    reader.skipWhitespace()
                    if wanted.readsAnyString[position], reader.position < reader.end,
                        reader.base[reader.position] == JSONByte.quote
                    {
                        // Checked, and stood for by an empty string: every string reads.
                        _ = try reader.skipString()
                        reader.values.append(.string(""))
                    } else {
                        let value = try reader.readValue()
                        reader.values.append(value)
                    }
                } else {
                    try reader.skipValue()
                }
                reader.skipWhitespace()
                guard reader.position < reader.end else { throw reader.unexpected("expected ',' or '}'") }
                if reader.base[reader.position] == JSONByte.comma {
                    reader.position += 1
                    continue
                }
                guard reader.base[reader.position] == JSONByte.closeBrace else {
                    throw reader.unexpected("expected ',' or '}'")
                }
                reader.position += 1
                break
            }
        }
        reader.skipWhitespace()
        if reader.position < reader.end {
            throw reader.unexpected("expected the end of the input after the top-level value")
        }
        guard !inOrder else {
            if count == 0 { return ModelDictionary() }
            let keys = count == wanted.keys.count ? wanted.keys : Array(wanted.keys.prefix(count))
            if count <= ModelDictionary.indexThreshold {
                return ModelDictionary(
                    checkedKeys: keys, movingValuesFrom: reader.values.popForMoving(from: 0), index: nil)
            }
            return ModelDictionary(keys: keys, values: reader.values.popArray(from: 0))
        }
        // Keys out of order may repeat one: the dictionary keeps the last value.
        return ModelDictionary(keys: found.map { wanted.keys[$0] }, values: reader.values.popArray(from: 0))
    }

    /// Reads an object's key and the colon after it, with the whitespace around them.
    ///
    /// - Returns: The position in `wanted` of the key read, or nil for a key not wanted.
    private mutating func readMemberKey(among wanted: JSONMemberKeys) throws(JSONError) -> Int? {
        skipWhitespace()
        guard position < end, base[position] == JSONByte.quote else { throw unexpected("expected a string key") }
        let start = position + 1
        let plainEnd = try skipString()
        var found: Int?
        if let plainEnd {
            found = wanted.position(ofKeyAt: base + start, length: plainEnd - start)
        } else {
            // A key with escapes, read again as a string to compare what it spells.
            position = start - 1
            let key = try readString()
            found = wanted.keys.firstIndex { WireKey.sameBytes($0, key) }
        }
        skipWhitespace()
        guard position < end, base[position] == JSONByte.colon else { throw unexpected("expected ':' after the key") }
        position += 1
        return found
    }

    /// Checks the string whose opening quote is at `position` and moves past it.
    ///
    /// - Returns: Where the closing quote is, for a string without escapes; nil for one
    ///   with escapes, which was read (and checked) as a string.
    mutating func skipString() throws(JSONError) -> Int? {
        let start = position + 1
        var wordBits: UInt64 = 0
        var cursor = Self.skipPlainWords(base, from: start, to: end, bits: &wordBits)
        var bits: UInt8 = wordBits & 0x8080_8080_8080_8080 == 0 ? 0 : 0x80
        while cursor < end {
            let byte = base[cursor]
            if byte == JSONByte.quote {
                if bits >= 0x80, !Self.isValidUTF8(UnsafeBufferPointer(start: base + start, count: cursor - start)) {
                    try validateUTF8(from: start, to: cursor)
                }
                position = cursor + 1
                return cursor
            }
            if byte == JSONByte.backslash || byte < 0x20 { break }
            bits |= byte
            cursor += 1
        }
        // Escapes, a control character or no closing quote: the full read says which.
        _ = try readString()
        return nil
    }

    /// Checks one value, with everything nested in it, starting at `position`, and moves
    /// past it without building it.
    private mutating func skipValue() throws(JSONError) {
        // Whether each container open inside the value is an object.
        var open: [Bool] = []
        while true {
            skipWhitespace()
            guard position < end else { throw unexpected("expected a value") }
            switch base[position] {
            case JSONByte.quote:
                _ = try skipString()
            case JSONByte.openBrace, JSONByte.openBracket:
                let isObject = base[position] == JSONByte.openBrace
                guard open.count < maxDepth else {
                    throw error(
                        .tooDeep, "arrays and objects nest deeper than the limit of \(reportedDepthLimit) levels",
                        at: position)
                }
                position += 1
                skipWhitespace()
                if position < end, base[position] == (isObject ? JSONByte.closeBrace : JSONByte.closeBracket) {
                    position += 1
                } else {
                    open.append(isObject)
                    if isObject { try skipKeyAndColon() }
                    continue
                }
            case JSONByte.minus, JSONByte.zero...JSONByte.nine:
                _ = try readNumber()
            case UInt8(ascii: "t"):
                try readLiteral("true")
            case UInt8(ascii: "f"):
                try readLiteral("false")
            case UInt8(ascii: "n"):
                try readLiteral("null")
            default:
                throw unexpected("expected a value")
            }
            // The value is complete: close every container that ends right after it.
            while true {
                guard let isObject = open.last else { return }
                skipWhitespace()
                guard position < end else {
                    throw unexpected(isObject ? "expected ',' or '}'" : "expected ',' or ']'")
                }
                let byte = base[position]
                if byte == JSONByte.comma {
                    position += 1
                    if isObject { try skipKeyAndColon() }
                    break
                }
                guard byte == (isObject ? JSONByte.closeBrace : JSONByte.closeBracket) else {
                    throw unexpected(isObject ? "expected ',' or '}'" : "expected ',' or ']'")
                }
                position += 1
                open.removeLast()
            }
        }
    }

    /// Checks a key that is not read and the colon after it.
    private mutating func skipKeyAndColon() throws(JSONError) {
        skipWhitespace()
        guard position < end, base[position] == JSONByte.quote else { throw unexpected("expected a string key") }
        _ = try skipString()
        skipWhitespace()
        guard position < end, base[position] == JSONByte.colon else { throw unexpected("expected ':' after the key") }
        position += 1
    }
}

/// The keys of the members ``JSONReader/readMembers(_:wanted:options:)`` reads, with their
/// bytes, made once for every object read.
package struct JSONMemberKeys: Sendable {
    /// The keys.
    package let keys: [String]
    /// For each key, whether any string is as good as another there (a `String` field that
    /// nothing reads at open): a string value is checked and read as the empty string.
    let readsAnyString: [Bool]
    /// Each key's UTF-8 bytes, all in one array, and where each key's start.
    private let bytes: [UInt8]
    private let starts: [Int]

    /// The members with these keys; a string under one of `anyString` (compared by bytes) is
    /// checked and read as the empty string, which builds nothing.
    package init(_ keys: [String], anyString: [String] = []) {
        self.keys = keys
        readsAnyString = keys.map { key in anyString.contains { WireKey.sameBytes($0, key) } }
        var bytes: [UInt8] = []
        var starts = [0]
        for key in keys {
            bytes += key.utf8
            starts.append(bytes.count)
        }
        self.bytes = bytes
        self.starts = starts
    }

    /// The position in ``keys`` of the key spelled by `length` bytes at `key`, or nil.
    @inline(__always)
    func position(ofKeyAt key: UnsafePointer<UInt8>, length: Int) -> Int? {
        bytes.withUnsafeBufferPointer { all in
            for position in keys.indices where starts[position + 1] - starts[position] == length {
                if length == 0 || memcmp(all.baseAddress! + starts[position], key, length) == 0 { return position }
            }
            return nil
        }
    }
}
