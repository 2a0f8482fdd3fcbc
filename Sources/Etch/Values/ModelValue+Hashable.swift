extension ModelValue: Hashable {
    /// Values are equal when they hold the same JSON; numbers compare by value whichever
    /// case holds them (`1`, `1.0` and `.uint(1)` are equal; a ``number(_:)`` holds a value
    /// no other case does), and objects compare without regard to key order.
    public static func == (lhs: ModelValue, rhs: ModelValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.uint(let a), .uint(let b)): a == b
        case (.int(let a), .uint(let b)), (.uint(let b), .int(let a)): a >= 0 && UInt64(a) == b
        case (.double(let a), .double(let b)): a == b || (a.isNaN && b.isNaN)
        case (.double(let a), .int(let b)), (.int(let b), .double(let a)): Int64(exactly: a) == b
        case (.double(let a), .uint(let b)), (.uint(let b), .double(let a)): UInt64(exactly: a) == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        default: false
        }
    }

    /// Hashes consistently with `==`: equal numbers hash alike whichever case holds them,
    /// and objects hash without regard to key order.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0 as UInt8)
        case .bool(let value):
            hasher.combine(1 as UInt8)
            hasher.combine(value)
        case .int(let value):
            hasher.combine(2 as UInt8)
            if value >= 0 { hasher.combine(UInt64(value)) } else { hasher.combine(value) }
        case .uint(let value):
            hasher.combine(2 as UInt8)
            hasher.combine(value)
        case .double(let value):
            // Integral doubles hash as the integer they equal.
            if let integer = Int64(exactly: value) {
                ModelValue.int(integer).hash(into: &hasher)
            } else if let integer = UInt64(exactly: value) {
                ModelValue.uint(integer).hash(into: &hasher)
            } else {
                hasher.combine(3 as UInt8)
                // Every NaN is equal to every other here, so they hash alike.
                hasher.combine(value.isNaN ? .nan : value)
            }
        case .number(let value):
            hasher.combine(7 as UInt8)
            hasher.combine(value)
        case .string(let value):
            hasher.combine(4 as UInt8)
            hasher.combine(value)
        case .array(let value):
            hasher.combine(5 as UInt8)
            hasher.combine(value)
        case .object(let value):
            hasher.combine(6 as UInt8)
            hasher.combine(value)
        }
    }
}
