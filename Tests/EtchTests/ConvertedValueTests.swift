import Etch
import Foundation
import Testing

/// Getters of arrays and maps convert a model's stored value once and keep what they built
/// with its storage, so reading them again does not allocate.
@Suite struct ConvertedValueTests {}

extension ConvertedValueTests {
    static let json = """
        {"id": "s1", "books": [{"id": "b1", "title": "Emma"}, {"id": "b2"}],
         "byTitle": {"Emma": {"id": "b1"}}}
        """

    /// Whether two arrays share one buffer: the second read returned what the first built.
    static func sameBuffer<Element>(_ first: [Element], _ second: [Element]) -> Bool {
        first.withUnsafeBufferPointer { a in second.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }

    @Test func aSecondReadReturnsTheArrayTheFirstBuilt() throws {
        let shelf = try Shelf(jsonString: Self.json)
        // The first read may miss its hint and convert without keeping; later ones keep.
        _ = shelf.books
        let first = shelf.books
        let second = shelf.books
        #expect(first.map(\.id) == ["b1", "b2"] && first.map(\.title) == ["Emma", ""])
        #expect(Self.sameBuffer(first, second))
        #expect(shelf.byTitle == shelf.byTitle && shelf.byTitle["Emma"]?.id == "b1")
    }

    @Test func datesReadInTheirFormatAreNotKept() throws {
        let shelf = try Shelf(jsonString: #"{"id": "s1", "visits": ["1970-01-01T00:00:01Z"]}"#)
        _ = shelf.visits
        #expect(shelf.visits == [Date(timeIntervalSince1970: 1)])
        #expect(!Self.sameBuffer(shelf.visits, shelf.visits))
    }

    @Test func copiesReadTheirOwnValues() throws {
        let shelf = try Shelf(jsonString: Self.json)
        _ = (shelf.books, shelf.books)
        let changed = shelf.copyWith(books: [Book(id: "b9")])
        #expect(changed.books.map(\.id) == ["b9"] && changed.books.map(\.id) == ["b9"])
        #expect(shelf.books.map(\.id) == ["b1", "b2"])
        let renamed = shelf.copyWith(byTitle: [:])
        #expect(renamed.books.map(\.id) == ["b1", "b2"] && renamed.byTitle.isEmpty)
    }

    @Test func changingUniqueStorageInPlaceForgetsWhatWasKept() throws {
        // The model that read `books` is gone when this returns, so the dictionary's storage
        // is uniquely referenced, and setting a key changes it in place.
        func readDictionary() throws -> ModelDictionary {
            let shelf = try Shelf(jsonString: Self.json)
            for _ in 0..<3 { #expect(shelf.books.count == 2) }
            return shelf.dictionary
        }
        var dictionary = try readDictionary()
        dictionary["books"] = [["id": "b3"]]
        let shelf = try Shelf(dictionary: dictionary)
        #expect(shelf.books.map(\.id) == ["b3"])
    }

    @Test func oneStorageReadAsTwoModelsGivesEachItsOwnType() throws {
        let shelf = try Shelf(jsonString: Self.json)
        let outline = try ShelfOutline(dictionary: shelf.dictionary)
        for _ in 0..<3 {
            #expect(shelf.books.map(\.id) == ["b1", "b2"])
            #expect(outline.books.map { $0["id"] } == ["b1", "b2"])
        }
    }

    @Test func concurrentFirstReadsAllSeeTheSameValues() async throws {
        let shelves = try (0..<50).map { _ in try Shelf(jsonString: Self.json) }
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    shelves.reduce(0) { sum, shelf in sum + shelf.books.count + shelf.books.count + shelf.byTitle.count
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 50 * 5, count: 8))
    }
}
