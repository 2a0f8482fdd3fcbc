extension JSONReader {
    /// Throws at the first byte between `start` and `stop` that breaks UTF-8: a stray
    /// continuation byte, a truncated sequence, an overlong encoding, an encoded surrogate,
    /// or a value above U+10FFFF.
    func validateUTF8(from start: Int, to stop: Int) throws(JSONError) {
        var cursor = start
        while cursor < stop {
            let lead = base[cursor]
            if lead < 0x80 {
                cursor += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default:
                throw invalidUTF8(at: cursor)
            }
            for index in 1..<length {
                guard cursor + index < stop else { throw invalidUTF8(at: cursor) }
                let byte = base[cursor + index]
                let (min, max) = index == 1 ? (low, high) : (0x80, 0xBF)
                guard byte >= min, byte <= max else { throw invalidUTF8(at: cursor) }
            }
            cursor += length
        }
    }

    private func invalidUTF8(at offset: Int) -> JSONError {
        error(.syntax, "invalid UTF-8 in a string (\(Self.describeByte(base[offset])))", at: offset)
    }
}

extension JSONReader {
    /// Whether `bytes` are valid UTF-8, by the rules ``validateUTF8(from:to:)`` enforces; the
    /// reader checks strings with it so that it can make them without the standard library
    /// checking them again (see ``string(ofValidUTF8:isASCII:)``).
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var cursor = 0
        while cursor < count {
            if base[cursor] < 0x80 {
                cursor &+= 1
                // A run of ASCII, eight bytes at a time.
                while cursor &+ 8 <= count,
                    UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    cursor &+= 8
                }
                continue
            }
            guard cursor &+ 4 <= count else { return isValidUTF8Tail(base + cursor, count: count &- cursor) }
            // A whole sequence checked in one load: the lead byte is the lowest.
            let word = UInt32(littleEndian: UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt32.self))
            if word & 0x00C0_C0F0 == 0x0080_80E0 {
                // Three bytes. E0 followed by 80-9F is overlong; ED followed by A0-BF, a surrogate.
                let marks = word & 0x200F
                guard marks != 0, marks != 0x200D else { return false }
                cursor &+= 3
                // More often follow, as in CJK text: two at a time.
                while cursor &+ 8 <= count {
                    let pair = UInt64(littleEndian: UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self))
                    guard pair & 0xC0C0_F0C0_C0F0 == 0x8080_E080_80E0 else { break }
                    let (first, second) = (pair & 0x200F, pair &>> 24 & 0x200F)
                    guard first != 0, first != 0x200D, second != 0, second != 0x200D else { return false }
                    cursor &+= 6
                }
            } else if word & 0xC0E0 == 0x80C0 {
                // Two bytes. C0 and C1 lead only overlong forms.
                guard word & 0x1E != 0 else { return false }
                cursor &+= 2
            } else if word & 0xC0C0_C0F8 == 0x8080_80F0 {
                // Four bytes: the top bits of the scalar, 1 (F0 90) through 16 (F4 8F), keep it
                // above U+FFFF and not above U+10FFFF.
                let top = (word & 0x07) &<< 2 | (word &>> 12) & 0x03
                guard top >= 1, top <= 16 else { return false }
                cursor &+= 4
            } else {
                return false
            }
        }
        return true
    }

    /// ``isValidUTF8(_:)`` for the last bytes, fewer than four, starting with a byte above 0x7F.
    private static func isValidUTF8Tail(_ base: UnsafePointer<UInt8>, count: Int) -> Bool {
        var cursor = 0
        while cursor < count {
            let lead = base[cursor]
            if lead < 0x80 {
                cursor &+= 1
            } else if lead >= 0xC2, lead < 0xE0, cursor &+ 1 < count, base[cursor &+ 1] & 0xC0 == 0x80 {
                cursor &+= 2
            } else if lead >= 0xE0, lead < 0xF0, cursor &+ 2 < count {
                let second = base[cursor &+ 1]
                guard second & 0xC0 == 0x80, base[cursor &+ 2] & 0xC0 == 0x80,
                    lead != 0xE0 || second >= 0xA0, lead != 0xED || second < 0xA0
                else { return false }
                cursor &+= 3
            } else {
                // A four-byte sequence cannot fit in fewer than four bytes.
                return false
            }
        }
        return true
    }

    /// Whether every byte is below 0x80.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var bits: UInt64 = 0
        var cursor = 0
        while cursor &+ 8 <= bytes.count {
            bits |= UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self)
            cursor &+= 8
        }
        while cursor < bytes.count {
            bits |= UInt64(base[cursor])
            cursor &+= 1
        }
        return bits & 0x8080_8080_8080_8080 == 0
    }

    /// A string of bytes known to be valid UTF-8, made without checking them again; `isASCII`
    /// must tell exactly whether every byte is below 0x80.
    @inline(__always)
    static func string(ofValidUTF8 bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
