/// Reads RFC 8259 JSON from UTF-8 bytes straight into ``ModelValue``s.
///
/// The reader never recurses: the elements of open containers wait on one shared stack,
/// and each container, when it closes, becomes an array or a ``ModelDictionary`` of exactly
/// the right size. Nesting is limited by ``JSONReadingOptions/maxDepth``, never by the
/// thread's stack. Errors carry their line, column and key path; the key path is found by
/// scanning the input again, on the error path only, so reading valid JSON pays nothing.
struct JSONReader {
    /// A container that is open while its elements are read.
    struct Frame {
        /// Where the container's elements start on ``values``.
        var valueStart: Int
        /// Where an object's keys start on ``keys``; -1 for an array.
        var keyStart: Int
        /// Where the container's opening bracket is in the input.
        var byteStart: Int

        var isObject: Bool { keyStart >= 0 }
    }

    let input: UnsafeBufferPointer<UInt8>
    let base: UnsafePointer<UInt8>
    let end: Int
    var position = 0
    let maxDepth: Int
    /// The nesting limit errors name: ``maxDepth``, unless the reader starts inside a
    /// container that counts as a level (``readMembers(_:wanted:options:)``).
    var reportedDepthLimit: Int
    /// Whether errors look up their key path; off for the readers the locator itself uses.
    let locatesErrors: Bool
    var values: MoveStack<ModelValue>
    var keys: MoveStack<String>
    /// The key cache's identity of each key on ``keys``, 0 for keys it does not hold.
    var keyIDs: MoveStack<Int>
    var frames: [Frame] = []
    var keyCache: JSONKeyCache
    var shapes: JSONShapeCache
    /// Shares the strings of values spelled alike.
    var strings: JSONStringTable
    /// Reused to decode strings with escapes.
    var scratch: [UInt8] = []
    /// Key arrays shared with the other small documents read in turn, or nil.
    var sharedShapes: JSONSharedShapes?
    /// Strings and small arrays shared with the other small documents read in turn, or nil.
    var sharedValues: JSONSharedValues?

    /// Makes a reader of a non-empty buffer.
    ///
    /// - Parameter stackCapacity: The room the value and key stacks start with: 0 allocates
    ///   them only when a container opens. By default, 64 when the reader locates errors.
    init(input: UnsafeBufferPointer<UInt8>, maxDepth: Int, locatesErrors: Bool = true, stackCapacity: Int? = nil) {
        self.input = input
        base = input.baseAddress!
        end = input.count
        self.maxDepth = maxDepth
        reportedDepthLimit = maxDepth
        self.locatesErrors = locatesErrors
        let stackCapacity = stackCapacity ?? (locatesErrors ? 64 : 16)
        values = MoveStack(capacity: stackCapacity)
        keys = MoveStack(capacity: stackCapacity)
        keyIDs = MoveStack(capacity: stackCapacity)
        keyCache = JSONKeyCache(inputSize: locatesErrors ? input.count : 0)
        // Shapes are recognized by key identities, so they need the key cache.
        shapes = JSONShapeCache(isEnabled: keyCache.isEnabled)
        strings = JSONStringTable(inputSize: locatesErrors ? input.count : 0)
    }

    /// Reads the one value of a JSON document, with optional whitespace around it and an
    /// optional UTF-8 byte order mark before it.
    ///
    /// - Throws: ``JSONError``, of kind ``JSONError/Kind/invalidOptions`` for a
    ///   ``JSONReadingOptions/maxDepth`` below 1, whatever the input.
    ///
    /// - Parameters:
    ///   - sharedShapes: Key arrays to share with other small documents, or nil.
    ///   - sharedValues: Strings and small arrays to share with other small documents, or nil.
    static func readDocument(
        _ input: UnsafeBufferPointer<UInt8>, options: JSONReadingOptions, sharedShapes: JSONSharedShapes? = nil,
        sharedValues: JSONSharedValues? = nil
    ) throws(JSONError) -> ModelValue {
        guard options.maxDepth >= 1 else {
            throw JSONError(
                .invalidOptions, message: "JSONReadingOptions.maxDepth must be at least 1, not \(options.maxDepth)")
        }
        guard !input.isEmpty else {
            throw JSONError(.syntax, message: "unexpected end of input, expected a value", line: 1, column: 1)
        }
        var reader = JSONReader(input: input, maxDepth: options.maxDepth)
        defer { reader.deallocate() }
        if !reader.shapes.isEnabled { reader.sharedShapes = sharedShapes }
        if !reader.strings.isEnabled { reader.sharedValues = sharedValues }
        if reader.end >= 3, reader.base[0] == 0xEF, reader.base[1] == 0xBB, reader.base[2] == 0xBF {
            reader.position = 3
        }
        let value = try reader.readValue()
        reader.skipWhitespace()
        if reader.position < reader.end {
            throw reader.unexpected("expected the end of the input after the top-level value")
        }
        return value
    }

    func deallocate() {
        values.deallocate()
        keys.deallocate()
        keyIDs.deallocate()
    }

    @inline(__always)
    mutating func skipWhitespace() {
        // Every byte above the space is not whitespace: one comparison settles most calls.
        guard position < end, base[position] <= JSONByte.space, JSONByte.isWhitespace(base[position]) else { return }
        position += 1
        // A single space, as after a colon.
        guard position < end, base[position] <= JSONByte.space else { return }
        // Indentation of pretty-printed JSON: eight bytes at a time, to the first one that is
        // not a space.
        while position &+ 8 <= end {
            let notSpaces =
                UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                ^ 0x2020_2020_2020_2020
            guard notSpaces == 0 else {
                position &+= notSpaces.trailingZeroBitCount &>> 3
                break
            }
            position &+= 8
        }
        while position < end, JSONByte.isWhitespace(base[position]) { position += 1 }
    }

    /// Reads one value, with everything nested in it, starting at `position`.
    mutating func readValue() throws(JSONError) -> ModelValue {
        while true {
            // Each value is a constant whose last use moves it onto the stack, never a copy.
            guard let value = try readElement() else { continue }
            // The value is complete: hand it to its container, closing every container
            // that ends right after it, until one expects another element.
            guard var frame = frames.last else { return value }
            values.append(consume value)
            while true {
                skipWhitespace()
                guard position < end else {
                    throw unexpected(frame.isObject ? "expected ',' or '}'" : "expected ',' or ']'")
                }
                let byte = base[position]
                if byte == JSONByte.comma {
                    position += 1
                    if frame.isObject { try readKeyAndColon(opensObject: false) }
                    break
                }
                guard byte == (frame.isObject ? JSONByte.closeBrace : JSONByte.closeBracket) else {
                    throw unexpected(frame.isObject ? "expected ',' or '}'" : "expected ',' or ']'")
                }
                position += 1
                frames.removeLast()
                let container =
                    frame.isObject
                    ? ModelValue.object(makeObject(keyStart: frame.keyStart, valueStart: frame.valueStart))
                    : closeArray(frame)
                guard let parent = frames.last else { return container }
                values.append(consume container)
                frame = parent
            }
        }
    }

    /// The array of `frame`, whose closing bracket was just read: the one kept in
    /// ``sharedValues`` for the same bytes, when it holds only scalars and is short.
    private mutating func closeArray(_ frame: Frame) -> ModelValue {
        let array = ModelValue.array(values.popArray(from: frame.valueStart))
        let length = position - frame.byteStart
        guard let sharedValues, length <= JSONSharedValues.maxLength, case .array(let elements) = array,
            elements.allSatisfy({ !$0.isContainer })
        else { return array }
        let (found, slot, hash) = sharedValues.find(base + frame.byteStart, length: length)
        if let found { return found }
        sharedValues.keep(array, at: slot, hash: hash, bytes: base + frame.byteStart, length: length)
        return array
    }

    /// Reads a scalar or an empty container at `position`, or opens a container that has
    /// elements and returns `nil` (having read the first key of an object).
    @inline(__always)
    private mutating func readElement() throws(JSONError) -> ModelValue? {
        skipWhitespace()
        guard position < end else { throw unexpected("expected a value") }
        switch base[position] {
        case JSONByte.quote:
            return .string(try readString())
        case JSONByte.openBrace:
            try open(isObject: true)
            skipWhitespace()
            guard position < end, base[position] == JSONByte.closeBrace else {
                try readKeyAndColon(opensObject: true)
                return nil
            }
            position += 1
            frames.removeLast()
            return .object(ModelDictionary())
        case JSONByte.openBracket:
            try open(isObject: false)
            skipWhitespace()
            guard position < end, base[position] == JSONByte.closeBracket else { return nil }
            position += 1
            frames.removeLast()
            return .array([])
        case JSONByte.minus, JSONByte.zero...JSONByte.nine:
            return try readNumber()
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return .null
        default:
            throw unexpected("expected a value")
        }
    }

    @inline(__always)
    private mutating func open(isObject: Bool) throws(JSONError) {
        guard frames.count < maxDepth else {
            throw error(
                .tooDeep, "arrays and objects nest deeper than the limit of \(reportedDepthLimit) levels", at: position)
        }
        frames.append(Frame(valueStart: values.count, keyStart: isObject ? keys.count : -1, byteStart: position))
        position += 1
    }

    /// Reads an object key, the colon after it and the whitespace around them; the first key
    /// of an object when `opensObject`.
    @inline(__always)
    private mutating func readKeyAndColon(opensObject: Bool) throws(JSONError) {
        skipWhitespace()
        guard position < end, base[position] == JSONByte.quote else { throw unexpected("expected a string key") }
        // The last key read that is still open: the previous key of this object, or the key
        // of the object or array that holds this object.
        let (key, id) = try readKey(after: keyIDs.last ?? 0, opensObject: opensObject)
        keys.append(key)
        keyIDs.append(id)
        skipWhitespace()
        guard position < end, base[position] == JSONByte.colon else { throw unexpected("expected ':' after the key") }
        position += 1
    }

    /// Reads `true`, `false` or `null`, whichever `literal` is, at `position`.
    @inline(__always)
    mutating func readLiteral(_ literal: StaticString) throws(JSONError) {
        // Four bytes compared at once, and the fifth of `false`.
        let count = literal.utf8CodeUnitCount
        if position &+ count <= end,
            UnsafeRawPointer(base + position).loadUnaligned(as: UInt32.self)
                == UnsafeRawPointer(literal.utf8Start).loadUnaligned(as: UInt32.self),
            count == 4 || base[position &+ 4] == literal.utf8Start[4]
        {
            position &+= count
            return
        }
        throw misreadLiteral(literal)
    }

    /// The error of a malformed `literal` at `position`, which moves to where it goes wrong.
    private mutating func misreadLiteral(_ literal: StaticString) -> JSONError {
        let bytes = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for (index, expected) in bytes.enumerated() where position + index >= end || base[position + index] != expected
        {
            position += index
            break
        }
        return unexpected("expected '\(literal)'")
    }
}
