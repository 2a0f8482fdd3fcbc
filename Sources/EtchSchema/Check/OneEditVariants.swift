/// Finds, among many names, those that may be one edit from a given name, without comparing
/// it with each of them.
///
/// Two strings are at most one edit apart (one insertion, deletion or substitution, or two
/// adjacent characters swapped) only if they are equal, one is the other with a character
/// deleted, or both are equal once a character is deleted from each (`xaby` and `xbay` both
/// give `xby`). So each name is filed under a hash of itself and of every
/// string made by deleting one of its characters, and a look-up gathers the names filed
/// under the same hashes of the name looked up: every name one edit away is among them, and
/// the caller confirms each with an edit distance, as hashes can collide. Deleting any
/// character of a run of equal ones gives the same string, so a run is filed once.
///
/// The hashes are polynomial over the scalars, modulo the prime 2^61 - 1, and each string
/// made by a deletion is hashed in constant time from the prefix hashes of the name.
struct OneEditVariants {
    /// The hash of each variant with the position of its name, sorted once filled.
    private var entries: [(hash: UInt64, position: Int)] = []

    private static let modulus: UInt64 = (1 << 61) - 1
    private static let base: UInt64 = 1_000_003

    /// Files a name, as lowercased scalars, under its variants.
    ///
    /// - Complexity: O(*m*) for a name of *m* scalars.
    mutating func insert(_ name: [Unicode.Scalar], position: Int) {
        for hash in Self.hashes(of: name) { entries.append((hash, position)) }
    }

    /// Sorts the entries for look-ups; call once after the last insertion.
    ///
    /// - Complexity: O(*e* log *e*) for *e* entries.
    mutating func finish() {
        entries.sort { ($0.hash, $0.position) < ($1.hash, $1.position) }
    }

    /// The positions of the names that may be one edit from `name` (lowercased scalars),
    /// possibly with repeats and some that are not: for each hash of the name, the first
    /// `limit` names filed under it, in the order they were given.
    ///
    /// - Complexity: O(*m* (log *e* + *limit*)) for a name of *m* scalars and *e* entries.
    func positions(oneEditFrom name: [Unicode.Scalar], limit: Int) -> [Int] {
        var found: [Int] = []
        for hash in Self.hashes(of: name) {
            var low = 0
            var high = entries.count
            while low < high {
                let middle = (low + high) / 2
                if entries[middle].hash < hash { low = middle + 1 } else { high = middle }
            }
            var taken = 0
            while low < entries.count, entries[low].hash == hash, taken < limit {
                found.append(entries[low].position)
                low += 1
                taken += 1
            }
        }
        return found
    }

    /// The hash of the name, then the hashes of the name with one character deleted, one per
    /// run of equal characters.
    static func hashes(of name: [Unicode.Scalar]) -> [UInt64] {
        let count = name.count
        // prefix[i] is the hash of the first i scalars; power[i] is base^i.
        var prefix = [UInt64](repeating: 0, count: count + 1)
        var power = [UInt64](repeating: 1, count: count + 1)
        for (index, scalar) in name.enumerated() {
            prefix[index + 1] = add(multiply(prefix[index], base), UInt64(scalar.value) + 1)
            power[index + 1] = multiply(power[index], base)
        }
        var hashes = [prefix[count]]
        for index in name.indices where index == 0 || name[index] != name[index - 1] {
            // The name without scalar `index`: the prefix before it, shifted over the suffix
            // after it, plus that suffix.
            let after = count - index - 1
            let suffix = subtract(prefix[count], multiply(prefix[index + 1], power[after]))
            hashes.append(add(multiply(prefix[index], power[after]), suffix))
        }
        return hashes
    }

    private static func add(_ lhs: UInt64, _ rhs: UInt64) -> UInt64 {
        let sum = lhs + rhs
        return sum >= modulus ? sum - modulus : sum
    }

    private static func subtract(_ lhs: UInt64, _ rhs: UInt64) -> UInt64 {
        lhs >= rhs ? lhs - rhs : lhs + modulus - rhs
    }

    /// `lhs × rhs` modulo 2^61 - 1, for operands below it: 2^61 is 1 modulo the prime, so
    /// the bits above the 61st fold back onto the low ones.
    private static func multiply(_ lhs: UInt64, _ rhs: UInt64) -> UInt64 {
        let (high, low) = lhs.multipliedFullWidth(by: rhs)
        let folded = (low & modulus) + (low >> 61 | high << 3)
        let reduced = (folded & modulus) + (folded >> 61)
        return reduced >= modulus ? reduced - modulus : reduced
    }
}
