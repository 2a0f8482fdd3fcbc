extension JSONReader {
    /// An error at `offset`, with its line, column and key path.
    ///
    /// Finding the key path scans the input again up to `offset`; it happens only here, on
    /// the error path, so valid input costs nothing.
    @inline(never)
    func error(_ kind: JSONError.Kind, _ message: String, at offset: Int) -> JSONError {
        guard locatesErrors else { return JSONError(kind, message: message, offset: offset) }
        let (line, column) = JSONLocator.lineAndColumn(at: offset, in: input)
        let keyPath = JSONLocator.keyPath(at: offset, in: input)
        return JSONError(kind, message: message, line: line, column: column, offset: offset, keyPath: keyPath)
    }

    /// An error for the byte at `position` (or the end of the input) where `expectation`
    /// did not hold: `unexpected character '}', expected a value`.
    @inline(never)
    func unexpected(_ expectation: String) -> JSONError {
        let found = position < end ? "unexpected \(Self.describeByte(base[position]))" : "unexpected end of input"
        return error(.syntax, found + ", " + expectation, at: position)
    }

    /// A byte as error messages show it: `character '}'`, `character U+0001`, `byte 0xFF`.
    static func describeByte(_ byte: UInt8) -> String {
        switch byte {
        case 0x21...0x7E: "character '\(Character(Unicode.Scalar(byte)))'"
        case 0x00...0x7F: "character \(describeScalar(UInt32(byte)))"
        default: "byte 0x" + String(byte, radix: 16, uppercase: true)
        }
    }
}
