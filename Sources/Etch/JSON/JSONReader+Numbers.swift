extension JSONReader {
    /// Exact powers of ten for the fast path: every one up to 1e22 is a `Double` exactly.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Reads a number at `position`.
    ///
    /// Integers become ``ModelValue/int(_:)`` over all of `Int64` and
    /// ``ModelValue/uint(_:)`` above it up to `UInt64.max`. A fraction, an exponent or `-0`
    /// becomes a correctly rounded ``ModelValue/double(_:)`` when the double's shortest form
    /// has the same value: through Clinger's fast path when there are at most 15 digits and
    /// the power of ten is at most 22, through Eisel and Lemire's algorithm for up to 19
    /// significant digits (``ShortDecimal``), and through the standard library's correctly
    /// rounded, locale-independent parser for longer numbers and the rare cases the others
    /// leave. A number no other case holds exactly, such as `1e-400` or a 30-digit integer,
    /// becomes a ``ModelValue/number(_:)`` that keeps its text.
    mutating func readNumber() throws(JSONError) -> ModelValue {
        let start = position
        var cursor = position
        let isNegative = base[cursor] == JSONByte.minus
        if isNegative { cursor += 1 }

        var mantissa: UInt64 = 0
        var isExact = true  // all digits are in `mantissa`
        guard cursor < end, JSONByte.isDigit(base[cursor]) else {
            position = cursor
            throw unexpected("expected a digit")
        }
        if base[cursor] == JSONByte.zero {
            cursor += 1
            if cursor < end, JSONByte.isDigit(base[cursor]) {
                throw error(.syntax, "numbers must not have leading zeros", at: cursor - 1)
            }
        } else {
            while cursor < end, JSONByte.isDigit(base[cursor]) {
                let digit = UInt64(base[cursor] &- JSONByte.zero)
                let (times10, overflow1) = mantissa.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(digit)
                if overflow1 || overflow2 { isExact = false } else { mantissa = sum }
                cursor += 1
            }
        }

        var exponent = 0
        var isInteger = true
        if cursor < end, base[cursor] == JSONByte.period {
            isInteger = false
            cursor += 1
            guard cursor < end, JSONByte.isDigit(base[cursor]) else {
                position = cursor
                throw unexpected("expected a digit after '.'")
            }
            while cursor < end, JSONByte.isDigit(base[cursor]) {
                // Up to 19 digits: all that `ShortDecimal` takes.
                if isExact, mantissa < 1_000_000_000_000_000_000 {
                    mantissa = mantissa * 10 + UInt64(base[cursor] &- JSONByte.zero)
                    exponent -= 1
                } else if base[cursor] != JSONByte.zero {
                    isExact = false
                }
                cursor += 1
            }
        }
        if cursor < end, base[cursor] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            cursor += 1
            var exponentIsNegative = false
            if cursor < end, base[cursor] == JSONByte.minus || base[cursor] == JSONByte.plus {
                exponentIsNegative = base[cursor] == JSONByte.minus
                cursor += 1
            }
            guard cursor < end, JSONByte.isDigit(base[cursor]) else {
                position = cursor
                throw unexpected("expected a digit in the exponent")
            }
            var written = 0
            while cursor < end, JSONByte.isDigit(base[cursor]) {
                if written < 100_000 { written = written * 10 + Int(base[cursor] &- JSONByte.zero) }
                cursor += 1
            }
            exponent += exponentIsNegative ? -written : written
        }
        position = cursor

        if isInteger, isExact {
            if !isNegative { return .integer(mantissa) }
            if mantissa == 0 { return .double(-0.0) }
            if mantissa <= UInt64(Int64.max) + 1 { return .int(Int64(bitPattern: 0 &- mantissa)) }
        }
        if isExact, mantissa < 1_000_000_000_000_000, exponent >= -22, exponent <= 22 {
            var value = Double(mantissa)
            if exponent < 0 {
                value /= Self.powersOfTen[-exponent]
            } else {
                value *= Self.powersOfTen[exponent]
            }
            return .double(isNegative ? -value : value)
        }
        if isExact {
            if mantissa == 0 { return .double(isNegative ? -0.0 : 0.0) }
            let decimal = ShortDecimal(significand: mantissa, exponent: exponent)
            if let value = decimalValue(decimal, isNegative: isNegative, from: start, to: cursor) { return value }
        }
        return try readNumberSlowly(from: start, to: cursor)
    }

    /// Parses a number with the standard library, which rounds correctly in every case, and
    /// keeps its text when the double would not write back the same value.
    private func readNumberSlowly(from start: Int, to stop: Int) throws(JSONError) -> ModelValue {
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: stop - start), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error(.numberOutOfRange, "number \(JSONNumber.shortened(text)) is too large for a Double", at: start)
        }
        return ModelValue.number(text: text, decimal: DecimalText(text), double: value)
    }
}
