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
    /// moving `position` past it; a full name wins over its abbreviation (`March`, not `Mar`).
    /// The abbreviations of months and of weekdays all differ, so one pass finds the name.
    static func read(_ names: [[UInt8]], in bytes: UnsafeBufferPointer<UInt8>, at position: inout Int) -> Int? {
        for index in names.indices where matches(names[index], count: 3, in: bytes, at: position) {
            let name = names[index]
            position += matches(name, count: name.count, in: bytes, at: position) ? name.count : 3
            return index
        }
        return nil
    }

    /// Whether the first `count` letters of `word` start at `position`, ignoring ASCII case.
    static func matches(_ word: [UInt8], count: Int, in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        guard position + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[position + offset] | 0x20 != word[offset] | 0x20 { return false }
        return true
    }
}
