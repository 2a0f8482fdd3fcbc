extension JSONReader {
    /// Reads a string whose opening quote is at `position`.
    ///
    /// Strings without escapes (nearly all of them) are made straight from the input. The
    /// scan tells whether a string is ASCII; any other is checked by ``isValidUTF8(_:)``, so
    /// the standard library need not check it again.
    @inline(__always)
    mutating func readString() throws(JSONError) -> String {
        let start = position + 1
        var cursor = start
        // Eight bytes at a time while none of them is special.
        var wordBits: UInt64 = 0
        cursor = Self.skipPlainWords(base, from: cursor, to: end, bits: &wordBits)
        var bits: UInt8 = wordBits & 0x8080_8080_8080_8080 == 0 ? 0 : 0x80
        while cursor < end {
            let byte = base[cursor]
            if byte == JSONByte.quote {
                position = cursor + 1
                guard cursor - start >= JSONStringTable.minLength, strings.isEnabled else {
                    if let sharedValues, cursor - start >= JSONSharedValues.minStringLength,
                        cursor - start <= JSONSharedValues.maxLength
                    {
                        return try sharedRecordString(from: start, to: cursor, isASCII: bits < 0x80, in: sharedValues)
                    }
                    return try makeString(from: start, to: cursor, isASCII: bits < 0x80)
                }
                let isASCII = bits < 0x80
                return try sharedString(from: start, to: cursor) { reader throws(JSONError) in
                    try reader.makeString(from: start, to: cursor, isASCII: isASCII)
                }
            }
            if byte == JSONByte.backslash || byte < 0x20 { break }
            bits |= byte
            cursor += 1
        }
        return try readEscapedString(from: start, at: cursor)
    }

    /// Reads an object key whose opening quote is at `position`, sharing the strings of
    /// keys that repeat through the document. The identity is the key cache's (see
    /// ``JSONKeyCache``), or 0 for a key the cache does not hold; only then is the string
    /// returned, and it is empty otherwise: ``JSONKeyCache/string(withID:)`` has it, and an
    /// object whose shape is known never needs it, so no key is retained and released.
    ///
    /// The keys that followed the key with identity `previous` before are tried first (see
    /// ``JSONKeyCache/predictedIDs(after:opensObject:)``).
    @inline(__always)
    mutating func readKey(after previous: Int, opensObject: Bool) throws(JSONError) -> (String, id: Int) {
        guard keyCache.isEnabled else { return (try readString(), 0) }
        let start = position + 1
        let (likely, alternative) = keyCache.predictedIDs(after: previous, opensObject: opensObject)
        if let length = keyCache.length(ofKey: likely, at: start, in: base, end: end) {
            position = start + length + 1
            return ("", likely)
        }
        if let length = keyCache.length(ofKey: alternative, at: start, in: base, end: end) {
            keyCache.learn(alternative, after: previous, opensObject: opensObject)
            position = start + length + 1
            return ("", alternative)
        }
        let (key, id) = try readKeyUnpredicted()
        if id != 0 { keyCache.learn(id, after: previous, opensObject: opensObject) }
        return (key, id)
    }

    /// ``readKey(after:opensObject:)`` when the expected key is not the one at `position`.
    @inline(__always)
    private mutating func readKeyUnpredicted() throws(JSONError) -> (String, id: Int) {
        let start = position + 1
        var cursor = start
        // Eight bytes at a time while none of them is special, as in `readString()`.
        var wordBits: UInt64 = 0
        cursor = Self.skipPlainWords(base, from: cursor, to: end, bits: &wordBits)
        var bits: UInt8 = wordBits & 0x8080_8080_8080_8080 == 0 ? 0 : 0x80
        while cursor < end {
            let byte = base[cursor]
            if byte == JSONByte.quote {
                let length = cursor - start
                guard length <= JSONKeyCache.maxLength else { break }
                let hash = JSONKeyCache.hash(of: base + start, length: length)
                if let id = keyCache.id(forHash: hash, offset: start, length: length, in: base) {
                    position = cursor + 1
                    return ("", id)
                }
                let key = try makeString(from: start, to: cursor, isASCII: bits < 0x80)
                let id = keyCache.store(key, forHash: hash, offset: start, length: length)
                position = cursor + 1
                return ("", id)
            }
            if byte == JSONByte.backslash || byte < 0x20 { break }
            bits |= byte
            cursor += 1
        }
        return (try readString(), 0)
    }

    /// The high bit of each of the eight bytes that is a quote, a backslash or a control
    /// character (the classic "has zero byte" bit trick, applied three times). Bytes above
    /// the first such byte may be flagged wrongly, so only the lowest flag is meaningful.
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* UInt64(JSONByte.quote))
        let backslashes = word ^ (ones &* UInt64(JSONByte.backslash))
        let special =
            ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes) | ((word &- ones &* 0x20) & ~word)
        return special & (ones &* 0x80)
    }

    /// Moves from `cursor` over string bytes eight at a time, to the first quote, backslash or
    /// control character, or to where fewer than eight bytes are left; ORs the bytes passed
    /// into `bits`, whose high bits then tell whether any was not ASCII.
    @inline(__always)
    static func skipPlainWords(
        _ base: UnsafePointer<UInt8>, from cursor: Int, to end: Int, bits: inout UInt64
    ) -> Int {
        var cursor = cursor
        while cursor &+ 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self))
            let special = specialBytes(word)
            guard special == 0 else {
                let offset = special.trailingZeroBitCount &>> 3
                bits |= word & ((1 &<< UInt64(offset &* 8)) &- 1)
                return cursor &+ offset
            }
            bits |= word
            cursor &+= 8
        }
        return cursor
    }

    @inline(__always)
    private func makeString(from start: Int, to stop: Int, isASCII: Bool) throws(JSONError) -> String {
        let bytes = UnsafeBufferPointer(start: base + start, count: stop - start)
        if isASCII || Self.isValidUTF8(bytes) { return Self.string(ofValidUTF8: bytes, isASCII: isASCII) }
        try validateUTF8(from: start, to: stop)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads the rest of a string that holds escapes or is malformed; `cursor` is at the
    /// first byte the fast path did not take.
    private mutating func readEscapedString(from start: Int, at cursor: Int) throws(JSONError) -> String {
        scratch.removeAll(keepingCapacity: true)
        var runStart = start
        var cursor = cursor
        while true {
            guard cursor < end else {
                throw error(.syntax, "unexpected end of input in a string, expected '\"'", at: cursor)
            }
            let byte = base[cursor]
            if byte == JSONByte.quote {
                appendRun(from: runStart, to: cursor)
                position = cursor + 1
                // Shared by their escaped bytes: strings spelled alike are equal.
                guard scratch.count >= JSONStringTable.minLength, strings.isEnabled else {
                    return try makeStringFromScratch(from: start, to: cursor)
                }
                return try sharedString(from: start, to: cursor) { [cursor] reader throws(JSONError) in
                    try reader.makeStringFromScratch(from: start, to: cursor)
                }
            } else if byte == JSONByte.backslash {
                appendRun(from: runStart, to: cursor)
                cursor = try readEscape(at: cursor)
                runStart = cursor
            } else if byte < 0x20 {
                throw error(
                    .syntax, "control character \(Self.describeScalar(UInt32(byte))) in a string must be escaped",
                    at: cursor)
            } else {
                // The rest of the run, eight bytes at a time.
                var bits: UInt64 = 0
                cursor = Self.skipPlainWords(base, from: cursor + 1, to: end, bits: &bits)
            }
        }
    }

    /// Makes the string of a string with escapes from `scratch`, which holds its bytes
    /// unescaped; `start` and `stop` bound it in the input, to locate invalid UTF-8.
    private func makeStringFromScratch(from start: Int, to stop: Int) throws(JSONError) -> String {
        let string = scratch.withUnsafeBufferPointer { bytes in
            Self.isValidUTF8(bytes) ? Self.string(ofValidUTF8: bytes, isASCII: Self.isASCII(bytes)) : nil
        }
        if let string { return string }
        try locateInvalidUTF8(from: start, to: stop)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// The string spelled by the input bytes from `start` to `stop`: the one made for the
    /// same bytes earlier in the document (see ``JSONStringTable``), or else `make`'s, kept
    /// for later.
    @inline(__always)
    private mutating func sharedString(
        from start: Int, to stop: Int, make: (borrowing JSONReader) throws(JSONError) -> String
    ) throws(JSONError) -> String {
        let length = stop - start
        let hash = JSONStringTable.hash(of: base + start, length: length)
        let (found, slot) = strings.find(hash: hash, offset: start, length: length, in: base)
        if let found { return found }
        let string = try make(self)
        strings.store(string, at: slot, hash: hash, offset: start, length: length)
        return string
    }

    /// The string without escapes spelled by the input bytes from `start` to `stop`: the one
    /// kept in `sharedValues` for the same bytes by an earlier document, or else a new one,
    /// kept for later; not looked up when strings of its length are seldom found.
    private func sharedRecordString(
        from start: Int, to stop: Int, isASCII: Bool, in sharedValues: JSONSharedValues
    ) throws(JSONError) -> String {
        let length = stop - start
        guard sharedValues.isWorthLookingUp(stringOfLength: length) else {
            return try makeString(from: start, to: stop, isASCII: isASCII)
        }
        let (found, slot, hash) = sharedValues.find(base + start, length: length)
        sharedValues.countLookup(stringOfLength: length, found: found != nil)
        if case .string(let string) = found { return string }
        let string = try makeString(from: start, to: stop, isASCII: isASCII)
        sharedValues.keep(.string(string), at: slot, hash: hash, bytes: base + start, length: stop - start)
        return string
    }

    /// Appends unescaped bytes to `scratch`. Their UTF-8 is checked once, when the string is
    /// made from `scratch`: escapes decode to valid UTF-8 and a multibyte sequence cannot
    /// hold a `\`, so the whole is valid exactly when every run between escapes is.
    private mutating func appendRun(from start: Int, to stop: Int) {
        guard stop > start else { return }
        scratch.append(contentsOf: UnsafeBufferPointer(start: base + start, count: stop - start))
    }

    /// Throws at the first byte that breaks UTF-8 in the runs between the (already read)
    /// escapes of the string from `start` to its closing quote at `stop`.
    private func locateInvalidUTF8(from start: Int, to stop: Int) throws(JSONError) {
        var runStart = start
        var cursor = start
        while cursor < stop {
            guard base[cursor] == JSONByte.backslash else {
                cursor += 1
                continue
            }
            try validateUTF8(from: runStart, to: cursor)
            cursor += base[cursor + 1] == UInt8(ascii: "u") ? 6 : 2
            runStart = cursor
        }
        try validateUTF8(from: runStart, to: stop)
    }

    /// Decodes the escape whose `\` is at `cursor` into `scratch`; returns the position after it.
    private mutating func readEscape(at cursor: Int) throws(JSONError) -> Int {
        guard cursor + 1 < end else {
            throw error(.syntax, "unexpected end of input in a string escape", at: cursor + 1)
        }
        let simple: UInt8
        switch base[cursor + 1] {
        case JSONByte.quote, JSONByte.backslash, JSONByte.slash: simple = base[cursor + 1]
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = JSONByte.newline
        case UInt8(ascii: "r"): simple = JSONByte.carriageReturn
        case UInt8(ascii: "t"): simple = JSONByte.tab
        case UInt8(ascii: "u"): return try readUnicodeEscape(at: cursor)
        default:
            let shown = Self.describeByte(base[cursor + 1])
            throw error(.syntax, "invalid escape sequence: '\\' followed by \(shown)", at: cursor)
        }
        scratch.append(simple)
        return cursor + 2
    }

    /// Decodes `\uXXXX`, or a surrogate pair `\uD83D\uDE00`, at `cursor`.
    private mutating func readUnicodeEscape(at cursor: Int) throws(JSONError) -> Int {
        let first = try readHex4(at: cursor + 2)
        var scalar = first
        var next = cursor + 6
        if first >= 0xDC00, first <= 0xDFFF {
            throw error(.syntax, "lone low surrogate \\u\(Self.hex4(first)) in a string", at: cursor)
        }
        if first >= 0xD800, first <= 0xDBFF {
            guard next + 1 < end, base[next] == JSONByte.backslash, base[next + 1] == UInt8(ascii: "u") else {
                throw error(.syntax, "lone high surrogate \\u\(Self.hex4(first)) in a string", at: cursor)
            }
            let second = try readHex4(at: next + 2)
            guard second >= 0xDC00, second <= 0xDFFF else {
                throw error(.syntax, "lone high surrogate \\u\(Self.hex4(first)) in a string", at: cursor)
            }
            scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            next += 6
        }
        // Surrogates are excluded above, so every scalar here is valid.
        scratch.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar)!)!)
        return next
    }

    private func readHex4(at start: Int) throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for offset in start..<start + 4 {
            guard offset < end else {
                throw error(.syntax, "unexpected end of input in a \\u escape, expected 4 hex digits", at: offset)
            }
            let byte = base[offset]
            let digit: UInt8
            switch byte {
            case JSONByte.zero...JSONByte.nine: digit = byte - JSONByte.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw error(
                    .syntax, "unexpected \(Self.describeByte(byte)) in a \\u escape, expected 4 hex digits", at: offset)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
    }

    static func describeScalar(_ value: UInt32) -> String { "U+" + hex4(value) }
}
