import EtchDatePattern

/// The English month and weekday names that custom date patterns read and write, as
/// `DateFormatter` does with the POSIX locale.
enum DateNames {
    /// `January` through `December`, as ASCII.
    static let months: [[UInt8]] = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ].map { Array($0.utf8) }

    /// `Sunday` through `Saturday`, as ASCII: the weekday of day `n` since 1970 is `(n + 4) mod 7`.
    static let weekdays: [[UInt8]] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        .map { Array($0.utf8) }

    /// The name written for a width: the full name, or its first three letters.
    static func name(_ full: [UInt8], _ width: DateNameWidth) -> ArraySlice<UInt8> {
        switch width {
        case .full: full[...]
        case .abbreviated: full.prefix(3)
        }
    }

    /// The index of the name, full or abbreviated and in any case, that starts at `position`,
    /// moving `position` past it; the longest match wins (`March` before `Mar`).
    static func read(_ names: [[UInt8]], in bytes: UnsafeBufferPointer<UInt8>, at position: inout Int) -> Int? {
        var best: (index: Int, length: Int)?
        for (index, name) in names.enumerated() {
            for length in [name.count, 3] where length > best?.length ?? 0 {
                if matches(name.prefix(length), in: bytes, at: position) { best = (index, length) }
            }
        }
        guard let best else { return nil }
        position += best.length
        return best.index
    }

    /// Whether `word` starts at `position`, ignoring ASCII case.
    static func matches(_ word: ArraySlice<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        guard position + word.count <= bytes.count else { return false }
        var offset = position
        for letter in word {
            guard bytes[offset] | 0x20 == letter | 0x20 else { return false }
            offset += 1
        }
        return true
    }
}
