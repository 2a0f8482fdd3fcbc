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
