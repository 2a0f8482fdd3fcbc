import Core
import Etch
import Foundation

/// Fails the run with a message: this program is the consumer package's test.
func check(_ condition: Bool, _ message: String, line: Int = #line) {
    if !condition {
        FileHandle.standardError.write(Data("consumer check failed (line \(line)): \(message)\n".utf8))
        exit(1)
    }
}

let json = Data(
    """
    {"id": "b1", "title": "Dune", "author": {"name": "Frank Herbert", "born": 1920},
     "published_at": "1965-08-01T00:00:00Z", "shelf": "finished", "ratings": {"average": 4.5, "count": 120},
     "isbn": "978-0441013593"}
    """.utf8
)
let book = try Book(jsonData: json)
check(book.title == "Dune", "title")
check(book.author.name == "Frank Herbert" && book.author.born == 1920, "nested model")
check(book.shelf == .done, "enum raw value")
check(book.averageRating == 4.5, "dotted key path")
check(book["isbn"] == "978-0441013593", "unknown key kept")

let reading = book.copyWith {
    $0.shelf = .reading
    $0.publishedAt = nil
    $0.isOpen = true
}
check(reading.publishedAt == nil && reading["published_at"] == nil, "copyWith clears an optional")
check(reading.isOpen && !book.isOpen, "local value set on the copy only")
check(reading != book, "copy differs")

let encoded = try reading.jsonData()
let decoded = try Book(jsonData: encoded)
check(decoded == reading, "round trip")
check(decoded["ratings"]?["count"] == 120, "unknown nested key survives the round trip")

do {
    _ = try Book(jsonData: Data(#"{"id": "b2", "title": 7, "author": {"name": "X"}}"#.utf8))
    check(false, "a number for a string must fail")
} catch {
    check("\(error)".contains("title"), "error names the key: \(error)")
}

// A model of the Core target, used by this target's schema.
let lent = try Book(
    jsonData: Data(
        #"{"id": "b3", "title": "Emma", "author": {"name": "Jane Austen"}, "borrower": {"id": "r1", "name": "Ann", "level": "avid"}, "readers": ["r1", "r2"]}"#
            .utf8))
check(lent.borrower?.name == "Ann" && lent.borrower?.level == .avid, "Core model inside a ConsumerApp model")
check(lent.borrower?.greeting == "Hello, Ann", "Core's hand-written extension")
check(lent.readers.map(\.id) == ["r1", "r2"] && lent.audience == .avid, "Ref to a Core model, Core enum default")
let lentAgain = try Book(jsonData: try lent.jsonData())
check(lentAgain == lent, "round trip with a Core model")

if let index = CommandLine.arguments.firstIndex(of: "--round-trip"), index + 1 < CommandLine.arguments.count {
    try RealPayloads.roundTrip(into: URL(fileURLWithPath: CommandLine.arguments[index + 1]))
}

print("Consumer package OK: \(reading)")
