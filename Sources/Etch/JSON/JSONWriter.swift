/// Writes ``ModelValue``s as UTF-8 JSON into a growing byte buffer.
///
/// Doubles are written in their shortest form that reads back to the same bits (Swift's
/// `description`), always with a `.` or an exponent so they read back as doubles.
struct JSONWriter {
    var bytes: [UInt8] = []
    private let isPretty: Bool
    private let sortsKeys: Bool
    let escapesSlashes: Bool
    private var depth = 0

    init(options: JSONWritingOptions, capacity: Int = 1024) {
        isPretty = options.contains(.prettyPrinted)
        sortsKeys = options.contains(.sortedKeys)
        escapesSlashes = options.contains(.escapingSlashes)
        bytes.reserveCapacity(capacity)
    }

    /// Writes a value and everything nested in it.
    ///
    /// - Throws: ``JSONError`` of kind ``JSONError/Kind/unwritableValue`` with the key path of
    ///   a non-finite double.
    mutating func write(_ value: ModelValue) throws(JSONError) {
        switch value {
        case .null: append("null")
        case .bool(let value): append(value ? "true" : "false")
        case .int(let value): writeInteger(value.magnitude, isNegative: value < 0)
        case .uint(let value): writeInteger(value, isNegative: false)
        case .double(let value): try writeDouble(value)
        case .number(let value):
            var text = value.text
            text.withUTF8 { bytes.append(contentsOf: $0) }
        case .string(let value): writeString(value)
        case .array(let elements): try writeArray(elements)
        case .object(let object): try writeObject(object)
        }
    }

    private mutating func writeArray(_ elements: [ModelValue]) throws(JSONError) {
        guard !elements.isEmpty else { return append("[]") }
        bytes.append(JSONByte.openBracket)
        depth += 1
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(JSONByte.comma) }
            if isPretty { writeNewline() }
            do {
                try write(element)
            } catch {
                throw error.prefixed(by: .index(index))
            }
        }
        depth -= 1
        if isPretty { writeNewline() }
        bytes.append(JSONByte.closeBracket)
    }

    private mutating func writeObject(_ object: ModelDictionary) throws(JSONError) {
        guard !object.isEmpty else { return append("{}") }
        let keys = object.storedKeys
        let values = object.storedValues
        bytes.append(JSONByte.openBrace)
        depth += 1
        var isFirst = true
        func writeMember(_ position: Int) throws(JSONError) {
            if !isFirst { bytes.append(JSONByte.comma) }
            isFirst = false
            if isPretty { writeNewline() }
            writeString(keys[position])
            bytes.append(JSONByte.colon)
            if isPretty { bytes.append(JSONByte.space) }
            do {
                try write(values[position])
            } catch {
                throw error.prefixed(by: .key(keys[position]))
            }
        }
        if sortsKeys {
            let order = keys.indices.sorted { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) }
            for position in order { try writeMember(position) }
        } else {
            for position in keys.indices { try writeMember(position) }
        }
        depth -= 1
        if isPretty { writeNewline() }
        bytes.append(JSONByte.closeBrace)
    }

    private mutating func writeNewline() {
        bytes.append(JSONByte.newline)
        for _ in 0..<depth * 2 { bytes.append(JSONByte.space) }
    }

    @inline(__always)
    private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

extension JSONError {
    /// A copy whose key path starts with one more component.
    func prefixed(by component: KeyPathComponent) -> JSONError {
        var copy = self
        copy.keyPath.insert(component, at: 0)
        return copy
    }
}
