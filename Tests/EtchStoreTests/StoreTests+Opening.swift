import Etch
import EtchStore
import EtchTestSupport
import Foundation
import Testing

extension StoreTests {
    /// Writes `count` rooms straight into a new file at `url`, with the bodies `damaged` gives
    /// for some ids instead of a room's JSON.
    static func writeRooms(_ count: Int, to url: URL, damaged: [Int: String] = [:]) throws {
        let file = try StoreFile(url: url)
        try file.commit(
            (0..<count).map { id in
                let body = damaged[id] ?? #"{"id":\#(id),"name":"Room \#(id)","floor":\#(id % 7),"note":"kept"}"#
                return .put(StoredRecord(model: "Room", id: String(id), body: Array(body.utf8), local: nil))
            })
        file.close()
    }

    /// Expects opening the file at `url` to fail as `incompatibleSchema`, naming the model,
    /// the field, how many objects do not read and the first of them.
    static func expectIncompatibleSchema(
        at url: URL, model: String, field: String, objects: Int, firstID: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(sourceLocation: sourceLocation) {
            _ = try Store(url: url, models: EtchModels.all)
        } throws: { error in
            guard
                case .incompatibleSchema(_, let named, let namedField, let count, let first, _, _)? = error
                    as? StoreError
            else { return false }
            return named == model && namedField == field && count == objects && first == firstID
        }
    }

    @Test func aStoreOfThousandsOfObjectsOpensWithEachOfThemReadInParallel() async throws {
        try await Self.withDirectory { directory in
            let url = directory.appending(path: "rooms.sqlite")
            try Self.writeRooms(5_000, to: url)
            let store = try Store(url: url, models: EtchModels.all)
            let rooms = try await store.objects(Room.self)
            #expect(rooms.map(\.id) == Array(0..<5_000))
            #expect(rooms.allSatisfy { $0.name == "Room \($0.id)" && $0.floor == $0.id % 7 })
            #expect(rooms[4_321].dictionary["note"] == "kept")
            #expect(
                try await store.sorted(Room.self, by: \.name, inGroup: 3).count
                    == (0..<5_000).filter { $0 % 7 == 3 }.count)
        }
    }

    @Test func objectsThatNoLongerReadAreCountedAcrossEveryRunOfRecords() async throws {
        try await Self.withDirectory { directory in
            let url = directory.appending(path: "rooms.sqlite")
            let wrong = #"{"id":0,"name":5}"#
            try Self.writeRooms(5_000, to: url, damaged: [5: wrong, 1_500: wrong, 4_900: wrong])
            // The file orders ids as text: "1500" comes first.
            Self.expectIncompatibleSchema(at: url, model: "Room", field: "name", objects: 3, firstID: "1500")
        }
    }

    @Test func anObjectThatIsNotJSONInALaterRunIsNamed() async throws {
        try await Self.withDirectory { directory in
            let url = directory.appending(path: "rooms.sqlite")
            try Self.writeRooms(5_000, to: url, damaged: [3_000: "{\"id\":3000,", 4_000: "not json"])
            #expect {
                _ = try Store(url: url, models: EtchModels.all)
            } throws: { error in
                guard case .unreadableObject(let model, let id, _)? = error as? StoreError else { return false }
                return model == "Room" && id == "3000"
            }
        }
    }
}
