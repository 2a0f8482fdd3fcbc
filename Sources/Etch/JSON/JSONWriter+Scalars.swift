extension JSONWriter {
    /// Writes an integer's decimal digits.
    mutating func writeInteger(_ magnitude: UInt64, isNegative: Bool) {
        if isNegative { bytes.append(JSONByte.minus) }
        if magnitude < 10 {
            bytes.append(JSONByte.zero + UInt8(magnitude))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var remaining = magnitude
            var start = 20
            while remaining > 0 {
                let (quotient, digit) = remaining.quotientAndRemainder(dividingBy: 10)
                start -= 1
                digits[start] = JSONByte.zero + UInt8(digit)
                remaining = quotient
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Writes a double in its shortest round-trip form, such as `0.1`, `2.0` or `1e-05`.
    mutating func writeDouble(_ value: Double) throws(JSONError) {
        guard value.isFinite else {
            throw JSONError(.unwritableValue, message: "cannot write the non-finite number \(value) as JSON")
        }
        var text = value.description
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Writes a string in quotes, escaping `"`, `\` and control characters (and `/` when
    /// asked to).
    mutating func writeString(_ string: String) {
        var string = string
        bytes.append(JSONByte.quote)
        string.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard
                    byte < 0x20 || byte == JSONByte.quote || byte == JSONByte.backslash
                        || (byte == JSONByte.slash && escapesSlashes)
                else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                writeEscape(for: byte)
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(JSONByte.quote)
    }

    private mutating func writeEscape(for byte: UInt8) {
        bytes.append(JSONByte.backslash)
        switch byte {
        case JSONByte.quote, JSONByte.backslash, JSONByte.slash: bytes.append(byte)
        case JSONByte.newline: bytes.append(UInt8(ascii: "n"))
        case JSONByte.carriageReturn: bytes.append(UInt8(ascii: "r"))
        case JSONByte.tab: bytes.append(UInt8(ascii: "t"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        default:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [
                UInt8(ascii: "u"), JSONByte.zero, JSONByte.zero, hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
            ])
        }
    }
}
