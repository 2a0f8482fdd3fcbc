@_spi(EtchCollections) import Etch

/// Orders many index keys at once, for building a table's indexes in bulk.
///
/// Keys are sorted as positions, never moved themselves: a run of numbers (or `nil`s and
/// numbers) becomes `UInt64`s in the same order for a radix sort, and any other run is
/// compared in place. Equal keys keep the order of their positions, which is id order when
/// the keys are read from objects in id order: the ties-by-id rule of every index.
enum IndexKeySorting {
    /// The positions of `keys` in ascending key order; equal keys keep their positions' order.
    /// - Complexity: O(*n*) for keys that are all numbers, booleans or `nil`; O(*n* log *n*)
    ///   comparisons otherwise.
    static func sortedPositions(_ keys: [IndexKey]) -> [Int] {
        if let positions = radixSortedPositions(keys) { return positions }
        if let positions = prefixSortedPositions(keys) { return positions }
        var positions = Array(keys.indices)
        keys.withUnsafeBufferPointer { keys in
            positions.sort { first, second in
                switch IndexKey.compare(keys[first], keys[second]) {
                case .orderedAscending: true
                case .orderedDescending: false
                case .orderedSame: first < second
                }
            }
        }
        return positions
    }

    /// The runs of equal keys of `keys` at `sorted` (positions in key order), as ranges of
    /// `sorted`, in order.
    static func equalRuns(of keys: [IndexKey], at sorted: [Int]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = 0
        keys.withUnsafeBufferPointer { keys in
            while start < sorted.count {
                var end = start + 1
                while end < sorted.count, IndexKey.compare(keys[sorted[start]], keys[sorted[end]]) == .orderedSame {
                    end += 1
                }
                runs.append(start..<end)
                start = end
            }
        }
        return runs
    }

    /// The sorted positions of `keys` when each is `nil` or a number of one kind; `nil` for
    /// any other keys. `nil` keys come first, as `IndexKey` orders them.
    private static func radixSortedPositions(_ keys: [IndexKey]) -> [Int]? {
        var nils: [Int] = []
        var others: [Int] = []
        var bits: [UInt64] = []
        others.reserveCapacity(keys.count)
        bits.reserveCapacity(keys.count)
        var kind: Int?
        for (position, key) in keys.enumerated() {
            guard let (keyKind, orderedBits) = orderedBits(key) else {
                if case .null = key {
                    nils.append(position)
                    continue
                }
                return nil
            }
            if kind == nil { kind = keyKind } else if kind != keyKind { return nil }
            others.append(position)
            bits.append(orderedBits)
        }
        let order = RadixSort.sortedPositions(of: bits)
        nils.reserveCapacity(keys.count)
        for position in order { nils.append(others[position]) }
        return nils
    }

    /// The sorted positions of `keys` when each is `nil` or an ASCII string; `nil` for any
    /// other keys.
    ///
    /// The strings are radix sorted by their first eight bytes, then each run that shares
    /// them is sorted by comparing the strings. ASCII strings order as their bytes do (no
    /// two are canonically equivalent), so this is `String`'s order; a string with other
    /// characters could order otherwise, and sends every key to the comparing sort.
    private static func prefixSortedPositions(_ keys: [IndexKey]) -> [Int]? {
        var nils: [Int] = []
        var others: [Int] = []
        var prefixes: [UInt64] = []
        others.reserveCapacity(keys.count)
        prefixes.reserveCapacity(keys.count)
        for (position, key) in keys.enumerated() {
            switch key {
            case .null:
                nils.append(position)
            case .string(let string):
                guard let prefix = asciiPrefix(string) else { return nil }
                others.append(position)
                prefixes.append(prefix)
            default:
                return nil
            }
        }
        let order = RadixSort.sortedPositions(of: prefixes)
        var sorted = order.map { others[$0] }
        // Runs that share their first eight bytes, compared whole; equal strings keep their
        // positions' order.
        sorted.withUnsafeMutableBufferPointer { sorted in
            keys.withUnsafeBufferPointer { keys in
                var start = 0
                while start < sorted.count {
                    var end = start + 1
                    let prefix = prefixes[order[start]]
                    while end < sorted.count, prefixes[order[end]] == prefix { end += 1 }
                    if end - start > 1 {
                        var run = UnsafeMutableBufferPointer(rebasing: sorted[start..<end])
                        run.sort { first, second in
                            guard case .string(let left) = keys[first], case .string(let right) = keys[second] else {
                                return first < second
                            }
                            return left < right || (left == right && first < second)
                        }
                    }
                    start = end
                }
            }
        }
        nils.reserveCapacity(keys.count)
        nils += sorted
        return nils
    }

    /// The first eight bytes of an ASCII string as a big-endian number (zeros after a
    /// shorter string), which orders as the strings' starts do; `nil` for a string with a
    /// byte that is not ASCII.
    private static func asciiPrefix(_ string: String) -> UInt64? {
        var prefix: UInt64 = 0
        var count = 0
        for byte in string.utf8 {
            guard byte < 0x80 else { return nil }
            if count < 8 { prefix |= UInt64(byte) << UInt64(56 - 8 * count) }
            count += 1
        }
        return prefix
    }

    /// A number's kind and its value as a `UInt64` in the same order as `IndexKey` orders
    /// values of that kind; `nil` for `nil`, decimals and strings.
    ///
    /// Doubles: `-0` is `0` (the two are equal keys), and every NaN is the same, after every
    /// number.
    private static func orderedBits(_ key: IndexKey) -> (kind: Int, bits: UInt64)? {
        switch key {
        case .bool(let value): return (0, value ? 1 : 0)
        case .int(let value): return (1, UInt64(bitPattern: value) ^ (1 << 63))
        case .uint(let value): return (2, value)
        case .double(let value):
            if value.isNaN { return (3, .max) }
            let pattern = (value == 0 ? 0 : value).bitPattern
            return (3, pattern & (1 << 63) != 0 ? ~pattern : pattern | (1 << 63))
        case .null, .decimal, .string: return nil
        }
    }
}
