extension DatePattern {
    /// The element a run of `count` copies of `letter` stands for.
    ///
    /// - Throws: ``DatePatternError`` for a letter that is not a supported field, or a run
    ///   of a length the field does not have.
    static func element(_ letter: Character, count: Int) throws(DatePatternError) -> DatePatternElement {
        let letters = String(repeating: letter, count: count)
        func lengths(_ allowed: String) -> DatePatternError {
            DatePatternError("uses '\(letters)'; '\(letter)' takes \(allowed)")
        }
        switch letter {
        case "y":
            return count == 2 ? .twoDigitYear : .year(minimumDigits: count)
        case "M", "L":
            switch count {
            case 1, 2: return .month(minimumDigits: count)
            case 3: return .monthName(.abbreviated)
            case 4: return .monthName(.full)
            default: throw lengths("1 to 4 letters ('M', 'MM', 'MMM' for 'Jan', 'MMMM' for 'January')")
            }
        case "d", "H", "h", "m", "s":
            guard count <= 2 else { throw lengths("1 or 2 letters") }
            switch letter {
            case "d": return .day(minimumDigits: count)
            case "H": return .hour(minimumDigits: count)
            case "h": return .hour12(minimumDigits: count)
            case "m": return .minute(minimumDigits: count)
            default: return .second(minimumDigits: count)
            }
        case "S":
            return .fraction(digits: count)
        case "a":
            guard count <= 3 else { throw lengths("1 to 3 letters") }
            return .amPm
        case "E":
            switch count {
            case 1...3: return .weekday(.abbreviated)
            case 4: return .weekday(.full)
            default: throw lengths("1 to 4 letters ('EEE' for 'Mon', 'EEEE' for 'Monday')")
            }
        case "Z":
            switch count {
            case 1...3: return .zone(.basic(utcAsZ: false))
            case 4: return .zone(.gmt)
            case 5: return .zone(.extended(utcAsZ: true))
            default: throw lengths("1 to 5 letters")
            }
        case "x", "X":
            let utcAsZ = letter == "X"
            switch count {
            case 1: return .zone(.hours(utcAsZ: utcAsZ))
            case 2: return .zone(.basic(utcAsZ: utcAsZ))
            case 3: return .zone(.extended(utcAsZ: utcAsZ))
            default: throw lengths("1 to 3 letters (offsets with seconds are not supported)")
            }
        case "z":
            guard count <= 3 else {
                throw lengths("1 to 3 letters ('z' writes 'GMT'; long zone names are not supported)")
            }
            return .zone(.gmt)
        default:
            throw DatePatternError(Self.unsupported(letter, letters: letters))
        }
    }

    /// Why a letter is not a field Etch reads and writes, with what to use instead.
    private static func unsupported(_ letter: Character, letters: String) -> String {
        let hint: String
        switch letter {
        case "Y":
            hint =
                "the week-based year, which differs from the calendar year around New Year; use '\(letters.lowercased())'"
        case "D": hint = "the day of the year; use 'dd' for the day of the month"
        case "u": hint = "the extended year; use 'yyyy'"
        case "k", "K": hint = "an hour Etch does not support; use 'HH' (0-23), or 'hh' (1-12) with 'a'"
        case "G", "Q", "q", "w", "W", "F", "g", "e", "c", "A", "v", "V", "O", "U", "r", "B", "b":
            hint = "a date field Etch does not read or write; quote letters meant as text, as in '\(letters)'"
        default: hint = "not a date field; quote letters meant as text, as in '\(letters)'"
        }
        return "uses '\(letters)': \(hint)"
    }
}
