import Testing

@testable import EtchSchema

/// `@dateFormat("…")` patterns that could not read back what they write: refused at build
/// time, on the attribute's line, saying why and what to write instead.
@Suite struct DatePatternDiagnosticTests {}

extension DatePatternDiagnosticTests {
    /// A schema with one `@dateFormat` pattern and the diagnostics it must produce.
    static func field(_ pattern: String) -> String {
        "model A {\n    @dateFormat(\"\(pattern)\") let at: Date\n}"
    }

    static let cases: [DiagnosticTests.DiagnosticCase] = [
        .init(
            "noDate", field("EEEE"),
            [
                "A.etch:2:17: error: date pattern \"EEEE\" has no year, month or day, so the date it writes cannot be read back; add 'yyyy', 'MM' and 'dd'"
            ]),
        .init(
            "clockOnly", field("hh:mm"),
            [
                "A.etch:2:17: error: date pattern \"hh:mm\" has no year, month or day, so the date it writes cannot be read back; add 'yyyy', 'MM' and 'dd'"
            ]),
        .init(
            "twelveHourWithoutAmPm", field("yyyy-MM-dd hh:mm"),
            [
                "A.etch:2:17: error: date pattern \"yyyy-MM-dd hh:mm\" uses 'hh' (the hour 1-12) without 'a' (AM or PM), so 1 PM would read back as 1 AM; add 'a', or use 'HH' for the hour 0-23"
            ]),
        .init(
            "unterminatedQuote", field("yyyy-MM-dd'"),
            [
                "A.etch:2:17: error: date pattern \"yyyy-MM-dd'\" has an unterminated quote: end quoted text with ', and write '' for a quote"
            ]),
        .init(
            "variableWidthNumbersSideBySide", field("yMd"),
            [
                "A.etch:2:17: error: date pattern \"yMd\" writes 'y' and 'M' side by side, and 'y' varies in width, so the digits cannot be split back; use fixed widths ('yyyy', 'MM', 'dd', 'HH', 'mm', 'ss') or put a separator between them"
            ]),
        .init(
            "zoneRunsIntoANumber", field("yyyy-MM-ddZHH"),
            [
                "A.etch:2:17: error: date pattern \"yyyy-MM-ddZHH\" writes 'Z' and 'HH' side by side, and 'Z' varies in width, so the digits cannot be split back; use fixed widths ('yyyy', 'MM', 'dd', 'HH', 'mm', 'ss') or put a separator between them"
            ]),
        .init(
            "unquotedLetter", field("yyyy-MM-ddTHH:mm"),
            [
                "A.etch:2:17: error: date pattern \"yyyy-MM-ddTHH:mm\" uses 'T': not a date field; quote letters meant as text, as in 'T'"
            ]),
        .init(
            "weekBasedYear", field("YYYY-MM-dd"),
            [
                "A.etch:2:17: error: date pattern \"YYYY-MM-dd\" uses 'YYYY': the week-based year, which differs from the calendar year around New Year; use 'yyyy'"
            ]),
        .init(
            "minutesForMonth", field("yyyy-mm-dd"),
            [
                "A.etch:2:17: error: date pattern \"yyyy-mm-dd\" has no month, so the date it writes cannot be read back; add 'MM' ('m' is the minute, 'M' the month)"
            ]),
        .init(
            "amPmWithoutTwelveHourClock", field("yyyy-MM-dd HH a"),
            [
                "A.etch:2:17: error: date pattern \"yyyy-MM-dd HH a\" uses 'a' (AM or PM) without 'h' (the hour 1-12); use 'hh' with 'a', or drop 'a'"
            ]),
        .init(
            "secondsWithoutMinutes", field("yyyy-MM-dd HH:ss"),
            [
                "A.etch:2:17: error: date pattern \"yyyy-MM-dd HH:ss\" has 'ss' but no minutes ('mm'), so the time cannot be read back"
            ]),
        .init(
            "monthTwice", field("yyyy-MM-dd MMM"),
            [
                "A.etch:2:17: error: date pattern \"yyyy-MM-dd MMM\" writes the month twice, as 'MM' and 'MMM'"
            ]),
        .init(
            "tooManyLetters", field("MMMMM dd yyyy"),
            [
                "A.etch:2:17: error: date pattern \"MMMMM dd yyyy\" uses 'MMMMM'; 'M' takes 1 to 4 letters ('M', 'MM', 'MMM' for 'Jan', 'MMMM' for 'January')"
            ]),
        .init(
            "unsupportedField", field("yyyy-MM-dd 'week' w"),
            [
                "A.etch:2:17: error: date pattern \"yyyy-MM-dd 'week' w\" uses 'w': a date field Etch does not read or write; quote letters meant as text, as in 'w'"
            ]),
        .init("emptyPattern", field(""), ["A.etch:2:17: error: date format pattern must not be empty"]),
        .init(
            "patternsThatReadBack",
            "model A {\n    @dateFormat(\"EEE MMM dd HH:mm:ss Z yyyy\") let a: Date\n"
                + "    @dateFormat(\"yyyyMMddHHmmssSSS\") let b: Date\n"
                + "    @dateFormat(\"yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXX\") let c: Date\n"
                + "    @dateFormat(\"EEE, dd MMM yyyy HH:mm:ss zzz\") let d: Date\n"
                + "    @dateFormat(\"h:mm a 'on' MMMM d, yy\") let e: Date\n"
                + "    @dateFormat(\"yyyy-MM-dd 'o''clock' ''\") let f: Date\n}",
            []),
    ]

    @Test(arguments: cases)
    func diagnostics(_ example: DiagnosticTests.DiagnosticCase) {
        let result = Schema(sources: [SchemaSource(path: "A.etch", text: example.text)]).checked()
        #expect(result.diagnostics.map(\.description) == example.expected)
        #expect((result.schema == nil) == result.diagnostics.containsErrors)
    }
}
