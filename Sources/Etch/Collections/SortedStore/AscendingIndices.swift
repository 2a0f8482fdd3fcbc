/// Distinct indices below a count, kept both ascending and as a bitmap, so that how many of
/// them lie below an index is a count of bits rather than a search.
///
/// A merge asks that of every object it moves (where it stood among the kept objects);
/// a binary search over 20k indices each time cost more than building the bitmap.
@usableFromInline
struct AscendingIndices {
    /// The indices, ascending.
    @usableFromInline let values: [Int]
    /// One bit per index below the count, set for the indices held.
    @usableFromInline let marks: [UInt64]
    /// For each word of `marks`, how many indices the words before it hold.
    @usableFromInline let countBefore: [Int]

    /// Marks `indices` in a bitmap of `count` bits, then reads them off it in order, which
    /// costs less than sorting them.
    ///
    /// - Parameters:
    ///   - indices: Indices below `count`, in any order; one given twice is held once.
    ///   - count: The bound of the indices.
    /// - Complexity: O(*k* + *n* / 64) for *k* indices below *n*.
    @inlinable
    init(_ indices: [Int], below count: Int) {
        var marks = [UInt64](repeating: 0, count: (count + 63) / 64)
        for index in indices { marks[index / 64] |= 1 << UInt64(index % 64) }
        var values: [Int] = []
        values.reserveCapacity(indices.count)
        var countBefore: [Int] = []
        countBefore.reserveCapacity(marks.count)
        for (word, bits) in marks.enumerated() {
            countBefore.append(values.count)
            var rest = bits
            while rest != 0 {
                values.append(word * 64 + rest.trailingZeroBitCount)
                rest &= rest - 1
            }
        }
        self.values = values
        self.marks = marks
        self.countBefore = countBefore
    }

    /// How many of the indices are below `index`, which must be below the count.
    ///
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    func count(below index: Int) -> Int {
        let word = index &>> 6
        let lower = marks[word] & ((1 &<< UInt64(index & 63)) &- 1)
        return countBefore[word] + lower.nonzeroBitCount
    }
}
