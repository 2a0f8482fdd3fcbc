extension ModelValue: Hashable {
    /// Values are equal when they hold the same JSON; numbers compare by value whichever
    /// case holds them (`1`, `1.0` and `.uint(1)` are equal; a ``number(_:)`` holds a value
    /// no other case does), objects compare without regard to key order, and object keys
    /// compare by their UTF-8 bytes.
    ///
    /// Nested arrays and objects wait on a list of pairs to compare rather than on the call
    /// stack, so values nested as deeply as the reader allows compare on any thread.
    ///
    /// - Complexity: O(*n*) in the number of values nested in the two.
    public static func == (lhs: ModelValue, rhs: ModelValue) -> Bool {
        // Two scalars, or a scalar and a container, compare at once (a setter compares so).
        if !lhs.isContainer || !rhs.isContainer { return lhs.equalsScalar(rhs) }
        var pending: [(ModelValue, ModelValue)] = []
        var pair = (lhs, rhs)
        while true {
            guard pair.0.shallowlyEquals(pair.1, deferring: &pending) else { return false }
            guard let next = pending.popLast() else { return true }
            pair = next
        }
    }

    /// Whether the values are equal as far as can be told without comparing the arrays and
    /// objects nested in their elements: pairs of those are added to `pending`.
    private func shallowlyEquals(_ other: ModelValue, deferring pending: inout [(ModelValue, ModelValue)]) -> Bool {
        switch (self, other) {
        case (.array(let lhs), .array(let rhs)):
            guard lhs.count == rhs.count else { return false }
            for index in lhs.indices where !lhs[index].equalsOrDefers(rhs[index], into: &pending) { return false }
            return true
        case (.object(let lhs), .object(let rhs)):
            guard lhs.count == rhs.count else { return false }
            let lhsKeys = lhs.storedKeys
            let rhsKeys = rhs.storedKeys
            if lhsKeys.indices.allSatisfy({ WireKey.sameBytes(lhsKeys[$0], rhsKeys[$0]) }) {
                for index in lhsKeys.indices {
                    guard lhs.value(at: index).equalsOrDefers(rhs.value(at: index), into: &pending) else {
                        return false
                    }
                }
                return true
            }
            for index in lhsKeys.indices {
                guard let position = rhs.position(of: lhsKeys[index]),
                    lhs.value(at: index).equalsOrDefers(rhs.value(at: position), into: &pending)
                else { return false }
            }
            return true
        default:
            return equalsScalar(other)
        }
    }

    /// Whether the value is an array or an object.
    var isContainer: Bool {
        switch self {
        case .array, .object: true
        case .null, .bool, .int, .uint, .double, .number, .string: false
        }
    }

    /// For the elements of a container: compares scalars, and adds a pair of non-empty
    /// arrays or objects of the same size to `pending`.
    @inline(__always)
    private func equalsOrDefers(_ other: ModelValue, into pending: inout [(ModelValue, ModelValue)]) -> Bool {
        switch (self, other) {
        case (.array(let lhs), .array(let rhs)):
            guard lhs.count == rhs.count else { return false }
            if !lhs.isEmpty { pending.append((self, other)) }
            return true
        case (.object(let lhs), .object(let rhs)):
            guard lhs.count == rhs.count else { return false }
            if !lhs.isEmpty { pending.append((self, other)) }
            return true
        default:
            return equalsScalar(other)
        }
    }

    /// Compares two values of which at least one is not an array or object.
    private func equalsScalar(_ other: ModelValue) -> Bool {
        switch (self, other) {
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
        default: false
        }
    }

    /// Hashes consistently with `==`: equal numbers hash alike whichever case holds them,
    /// objects hash without regard to key order, and keys hash their UTF-8 bytes.
    ///
    /// Like `==`, it keeps the arrays and objects it is inside of on a list, not on the call
    /// stack.
    ///
    /// - Complexity: O(*n*) in the number of values nested in this one.
    public func hash(into hasher: inout Hasher) {
        var hashing = ValueHashing()
        hashing.hash(self, into: &hasher)
    }

    /// Hashes a value that is not an array or object (those go to ``hash(into:)``).
    fileprivate func hashScalar(into hasher: inout Hasher) {
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
                ModelValue.int(integer).hashScalar(into: &hasher)
            } else if let integer = UInt64(exactly: value) {
                ModelValue.uint(integer).hashScalar(into: &hasher)
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
        case .array, .object:
            hash(into: &hasher)
        }
    }
}

/// Hashes a value and everything nested in it without recursion: the containers being
/// hashed wait on a stack of frames.
///
/// An array feeds its count and then its elements into the hasher it was given. An object
/// hashes each key (its bytes) and value with a fresh hasher and combines the results with
/// `^`, so the order of its keys does not matter, and then feeds its count and that
/// combination into the hasher it was given.
private struct ValueHashing {
    /// An array or object whose elements are being hashed.
    struct Frame {
        var keys: [String]
        var values: ContainerValues
        var isObject: Bool
        /// The next element to hash.
        var next = 0
        /// For an object: the hashes of its members so far, combined.
        var combined = 0
        /// For an object: the hasher the object itself feeds, while members use their own.
        var outer: Hasher
    }

    var frames: [Frame] = []

    mutating func hash(_ root: ModelValue, into hasher: inout Hasher) {
        // `current` is the hasher the next value feeds: the caller's, an array's (the same
        // as the array's own), or an object member's.
        var current = hasher
        var value = root
        while true {
            switch value {
            case .array(let elements):
                current.combine(5 as UInt8)
                current.combine(elements.count)
                frames.append(Frame(keys: [], values: .array(elements), isObject: false, outer: current))
            case .object(let object):
                current.combine(6 as UInt8)
                frames.append(
                    Frame(keys: object.storedKeys, values: .object(object), isObject: true, outer: current))
            default:
                value.hashScalar(into: &current)
            }
            guard let next = nextValue(hashing: &current) else {
                hasher = current
                return
            }
            value = next
        }
    }

    /// Finishes the frames that are complete and returns the next value to hash, with
    /// `current` set to the hasher it feeds; `nil` when everything is hashed, with
    /// `current` the caller's hasher.
    private mutating func nextValue(hashing current: inout Hasher) -> ModelValue? {
        while let last = frames.indices.last {
            let position = frames[last].next
            if frames[last].isObject {
                // The member before `position`, if any, has just been hashed into `current`.
                if position > 0 { frames[last].combined ^= current.finalize() }
                if position == frames[last].values.count {
                    let frame = frames.removeLast()
                    current = frame.outer
                    current.combine(frame.values.count)
                    current.combine(frame.combined)
                    continue
                }
                frames[last].next += 1
                current = Hasher()
                WireKey(frames[last].keys[position]).hash(into: &current)
                return frames[last].values[position]
            }
            guard position < frames[last].values.count else {
                frames.removeLast()
                continue
            }
            frames[last].next += 1
            return frames[last].values[position]
        }
        return nil
    }
}
