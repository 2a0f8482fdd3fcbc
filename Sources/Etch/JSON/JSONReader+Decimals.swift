extension JSONReader {
    /// The value of a number whose significant digits (not all zero) fit 64 bits and that has
    /// a fraction, an exponent or too large a magnitude for an integer case, decided as ``ModelValue/number(text:decimal:double:)`` decides it but
    /// without parsing a string: `nil` when the slow path must decide.
    ///
    /// It is ``ModelValue/double(_:)`` when the double's shortest form (its `description`) has
    /// the same value as the text. Up to 15 digits in the normal range that is always so;
    /// beyond 17 digits never; for 16 and 17 digits and subnormals
    /// ``ShortDecimal/isShortestForm(of:)`` answers without writing the double's digits.
    func decimalValue(_ decimal: ShortDecimal, isNegative: Bool, from start: Int, to stop: Int) -> ModelValue? {
        guard let magnitude = decimal.nearestDouble() else { return nil }
        let value = isNegative ? -magnitude : magnitude
        let digits = decimal.withoutTrailingZeros()
        if digits.significand < 1_000_000_000_000_000, magnitude >= .leastNormalMagnitude { return .double(value) }
        if digits.significand < 100_000_000_000_000_000 {
            guard let isShortest = digits.isShortestForm(of: magnitude) else { return nil }
            if isShortest { return .double(value) }
        }
        // A whole number that a double rounds, such as 9007199254740993.0.
        if let integer = Self.integerValue(of: digits, isNegative: isNegative) { return integer }
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: stop - start), as: UTF8.self)
        return .number(JSONNumber(text: text, double: value))
    }

    /// The decimal as ``ModelValue/int(_:)`` or ``ModelValue/uint(_:)`` when it is a whole
    /// number one of them holds, as `DecimalText.integerValue` decides.
    private static func integerValue(of digits: ShortDecimal, isNegative: Bool) -> ModelValue? {
        guard digits.exponent >= 0, digits.exponent < 20 else { return nil }
        var magnitude = digits.significand
        for _ in 0..<digits.exponent {
            let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            magnitude = times10
        }
        if !isNegative { return .integer(magnitude) }
        guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
        return .int(Int64(bitPattern: 0 &- magnitude))
    }
}
