extension DatePattern {
    /// Checks that a pattern reads back what it writes: each part of the date once; the
    /// year, month and day; a clock whose parts come down from the hour; `a` with `h`; and no
    /// number of varying width running into another number.
    static func check(_ tokens: [Token]) throws(DatePatternError) {
        var seen: [DatePatternComponent: String] = [:]
        for token in tokens {
            guard let component = token.element.component else { continue }
            if let first = seen[component] {
                throw DatePatternError("writes the \(component.rawValue) twice, as '\(first)' and '\(token.letters)'")
            }
            seen[component] = token.letters
        }
        try checkAdjacentNumbers(tokens)
        try checkCalendar(seen)
        try checkClock(tokens, seen)
    }

    /// The year, month and day: without any of them the date cannot be read back.
    private static func checkCalendar(_ seen: [DatePatternComponent: String]) throws(DatePatternError) {
        let needed: [(DatePatternComponent, String)] = [(.year, "yyyy"), (.month, "MM"), (.day, "dd")]
        let missing = needed.filter { seen[$0.0] == nil }
        guard !missing.isEmpty else { return }
        let names = missing.map(\.0.rawValue)
        let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names.last!
        let fields = missing.map { "'\($0.1)'" }
        let add = fields.count == 1 ? fields[0] : fields.dropLast().joined(separator: ", ") + " and " + fields.last!
        var problem = "has no \(list), so the date it writes cannot be read back; add \(add)"
        if seen[.month] == nil, seen[.minute] == "mm" || seen[.minute] == "m", seen[.hour] == nil {
            problem += " ('m' is the minute, 'M' the month)"
        }
        throw DatePatternError(problem)
    }

    /// The hour, minute, second and fraction come down from the hour; `h` goes with `a`.
    private static func checkClock(_ tokens: [Token], _ seen: [DatePatternComponent: String])
        throws(DatePatternError)
    {
        let isTwelveHour = tokens.contains {
            if case .hour12 = $0.element { true } else { false }
        }
        if let hour = seen[.hour], isTwelveHour, seen[.amPm] == nil {
            throw DatePatternError(
                "uses '\(hour)' (the hour 1-12) without 'a' (AM or PM), so 1 PM would read back as 1 AM; "
                    + "add 'a', or use 'HH' for the hour 0-23")
        }
        if seen[.amPm] != nil, !isTwelveHour {
            throw DatePatternError("uses 'a' (AM or PM) without 'h' (the hour 1-12); use 'hh' with 'a', or drop 'a'")
        }
        let chain: [(DatePatternComponent, DatePatternComponent, String)] = [
            (.minute, .hour, "an hour ('HH')"), (.second, .minute, "minutes ('mm')"),
            (.fraction, .second, "seconds ('ss')"),
        ]
        for (part, whole, needed) in chain {
            if let letters = seen[part], seen[whole] == nil {
                throw DatePatternError("has '\(letters)' but no \(needed), so the time cannot be read back")
            }
        }
    }

    /// A number of varying width (`y`, `M`, `d`, …) cannot be followed directly by another
    /// number, or by a time zone offset: the digits could not be split back.
    private static func checkAdjacentNumbers(_ tokens: [Token]) throws(DatePatternError) {
        for (token, next) in zip(tokens, tokens.dropFirst()) {
            let isVariableNumber: Bool
            switch token.element {
            case .zone: isVariableNumber = true
            case .literal: isVariableNumber = false
            default: isVariableNumber = token.element.startsWithDigit && token.element.fixedDigits == nil
            }
            guard isVariableNumber, next.element.startsWithDigit else { continue }
            let following = next.letters.isEmpty ? "the digits of '\(literalText(next.element))'" : "'\(next.letters)'"
            throw DatePatternError(
                "writes '\(token.letters)' and \(following) side by side, and '\(token.letters)' varies in width, "
                    + "so the digits cannot be split back; use fixed widths ('yyyy', 'MM', 'dd', 'HH', 'mm', 'ss') "
                    + "or put a separator between them")
        }
    }

    private static func literalText(_ element: DatePatternElement) -> String {
        if case .literal(let text) = element { text } else { "" }
    }
}
