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
