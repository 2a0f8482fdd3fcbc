/// Walks JSON text without building values, for ``JSONLocator``.
struct JSONScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var cursor: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        cursor = JSONLocator.hasByteOrderMark(bytes) ? 3 : 0
    }

    /// A container open at some point of the input.
    private enum Level {
        case array(index: Int)
        case object(key: String?, expectsKey: Bool)
    }

    /// The key path at `offset`: only the input before `offset` is read, and it is trusted
    /// to be valid JSON (the reader got that far).
    mutating func keyPath(at offset: Int) -> [KeyPathComponent] {
        let stop = min(offset, bytes.count)
        var levels: [Level] = []
        while cursor < stop {
            let byte = bytes[cursor]
            switch byte {
            case JSONByte.openBracket:
                levels.append(.array(index: 0))
            case JSONByte.openBrace:
                levels.append(.object(key: nil, expectsKey: true))
            case JSONByte.closeBracket, JSONByte.closeBrace:
                _ = levels.popLast()
            case JSONByte.comma:
                switch levels.last {
                case .array(let index): levels[levels.count - 1] = .array(index: index + 1)
                case .object: levels[levels.count - 1] = .object(key: nil, expectsKey: true)
                case nil: break
                }
            case JSONByte.colon:
                if case .object(let key, _) = levels.last {
                    levels[levels.count - 1] = .object(key: key, expectsKey: false)
                }
            case JSONByte.quote:
                if case .object(_, true) = levels.last {
                    let key = readString(before: stop)
                    levels[levels.count - 1] = .object(key: key, expectsKey: key == nil)
                    if key == nil { cursor = stop }
                } else {
                    skipString()
                }
                continue
            default:
                break
            }
            cursor += 1
        }
        return levels.compactMap { level in
            switch level {
            case .array(let index): .index(index)
            case .object(let key, _): key.map(KeyPathComponent.key)
            }
        }
    }

    /// The offset of the value at `keyPath`, or of the deepest container on the way that
    /// exists; `nil` when the input is not the expected shape.
    mutating func offset(of keyPath: [KeyPathComponent]) -> Int? {
        skipWhitespace()
        for component in keyPath {
            guard cursor < bytes.count else { return nil }
            let containerStart = cursor
            switch component {
            case .key(let wanted):
                guard bytes[cursor] == JSONByte.openBrace else { return containerStart }
                cursor += 1
                var match: Int?
                while true {
                    skipWhitespace()
                    guard cursor < bytes.count, bytes[cursor] == JSONByte.quote,
                        let key = readString(before: bytes.count)
                    else { break }
                    skipWhitespace()
                    guard cursor < bytes.count, bytes[cursor] == JSONByte.colon else { return nil }
                    cursor += 1
                    skipWhitespace()
                    if key == wanted { match = cursor }
                    skipValue()
                    skipWhitespace()
                    guard cursor < bytes.count, bytes[cursor] == JSONByte.comma else { break }
                    cursor += 1
                }
                guard let match else { return containerStart }
                cursor = match
            case .index(let wanted):
                guard bytes[cursor] == JSONByte.openBracket else { return containerStart }
                cursor += 1
                skipWhitespace()
                for _ in 0..<wanted {
                    guard cursor < bytes.count, bytes[cursor] != JSONByte.closeBracket else { return containerStart }
                    skipValue()
                    skipWhitespace()
                    guard cursor < bytes.count, bytes[cursor] == JSONByte.comma else { return containerStart }
                    cursor += 1
                    skipWhitespace()
                }
                guard cursor < bytes.count, bytes[cursor] != JSONByte.closeBracket else { return containerStart }
            }
        }
        return cursor
    }

    private mutating func skipWhitespace() {
        while cursor < bytes.count, JSONByte.isWhitespace(bytes[cursor]) { cursor += 1 }
    }

    /// Skips the string whose opening quote is at `cursor`.
    private mutating func skipString() {
        cursor += 1
        while cursor < bytes.count {
            let byte = bytes[cursor]
            cursor += byte == JSONByte.backslash ? 2 : 1
            if byte == JSONByte.quote { return }
        }
    }

    /// Skips the value at `cursor`, with everything nested in it.
    private mutating func skipValue() {
        var depth = 0
        while cursor < bytes.count {
            let byte = bytes[cursor]
            switch byte {
            case JSONByte.quote:
                skipString()
                if depth == 0 { return }
                continue
            case JSONByte.openBracket, JSONByte.openBrace:
                depth += 1
            case JSONByte.closeBracket, JSONByte.closeBrace:
                if depth == 0 { return }
                depth -= 1
                if depth == 0 {
                    cursor += 1
                    return
                }
            case JSONByte.comma:
                if depth == 0 { return }
            default:
                if depth == 0, JSONByte.isWhitespace(byte) { return }
            }
            cursor += 1
        }
    }

    /// Decodes the string whose opening quote is at `cursor` and moves past it; `nil` when
    /// it is malformed or does not end before `stop`.
    private mutating func readString(before stop: Int) -> String? {
        var reader = JSONReader(input: bytes, maxDepth: 0, locatesErrors: false)
        defer { reader.deallocate() }
        reader.position = cursor
        guard let string = try? reader.readString(), reader.position <= stop else { return nil }
        cursor = reader.position
        return string
    }
}
