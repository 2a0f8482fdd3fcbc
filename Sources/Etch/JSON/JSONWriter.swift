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

    /// An array or object whose elements are being written.
    private struct Frame {
        /// An object's keys; empty for an array.
        var keys: [String]
        var values: ContainerValues
        /// With sorted keys, the positions of an object's members in the order written.
        var order: [Int]
        var isObject: Bool
        /// How many elements are written.
        var written = 0

        /// The position in `values` of the `index`th element written.
        func position(_ index: Int) -> Int { order.isEmpty ? index : order[index] }

        /// The key or index of the element last started.
        var lastStarted: KeyPathComponent {
            let position = position(written - 1)
            return isObject ? .key(keys[position]) : .index(position)
        }
    }

    /// Writes a value and everything nested in it.
    ///
    /// The arrays and objects being written wait on a stack of frames, not on the call
    /// stack, so values nested as deeply as the reader allows are written on any thread.
    ///
    /// - Throws: ``JSONError`` of kind ``JSONError/Kind/unwritableValue`` with the key path of
    ///   a non-finite double.
    mutating func write(_ value: ModelValue) throws(JSONError) {
        guard var frame = try start(value) else { return }
        // The containers around `frame`, outermost first.
        var outer: [Frame] = []
        while true {
            let index = frame.written
            guard index < frame.values.count else {
                depth -= 1
                if isPretty { writeNewline() }
                bytes.append(frame.isObject ? JSONByte.closeBrace : JSONByte.closeBracket)
                guard let parent = outer.popLast() else { return }
                frame = parent
                continue
            }
            frame.written += 1
            if index > 0 { bytes.append(JSONByte.comma) }
            if isPretty { writeNewline() }
            let position = frame.position(index)
            if frame.isObject {
                writeString(frame.keys[position])
                bytes.append(JSONByte.colon)
                if isPretty { bytes.append(JSONByte.space) }
            }
            do {
                if let child = try start(frame.values[position]) {
                    outer.append(frame)
                    frame = child
                }
            } catch {
                throw error.prefixed(by: (outer + [frame]).map(\.lastStarted))
            }
        }
    }

    /// Writes a value that is not an array or object, or an empty one, and returns `nil`;
    /// for a non-empty array or object, writes its opening bracket and returns its frame.
    private mutating func start(_ value: ModelValue) throws(JSONError) -> Frame? {
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
        case .array(let elements):
            guard !elements.isEmpty else {
                append("[]")
                return nil
            }
            bytes.append(JSONByte.openBracket)
            depth += 1
            return Frame(keys: [], values: .array(elements), order: [], isObject: false)
        case .object(let object):
            guard !object.isEmpty else {
                append("{}")
                return nil
            }
            bytes.append(JSONByte.openBrace)
            depth += 1
            let keys = object.storedKeys
            let order = sortsKeys ? keys.indices.sorted { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) } : []
            return Frame(keys: keys, values: .object(object), order: order, isObject: true)
        }
        return nil
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
    /// A copy whose key path starts with `components`.
    func prefixed(by components: [KeyPathComponent]) -> JSONError {
        var copy = self
        copy.keyPath.insert(contentsOf: components, at: 0)
        return copy
    }
}
