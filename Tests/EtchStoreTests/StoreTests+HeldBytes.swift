import Etch
import EtchStore
import EtchTestSupport
import Foundation
import Testing

/// Objects an open holds as their JSON bytes, read whole when first asked for: they read as
/// the objects written, from any number of threads at once, and an object the model cannot
/// read, or that is not JSON in a part the open does not build, is still an error at open.
extension StoreTests {
    @Test func objectsHeldAsBytesReadAsWrittenFromManyThreadsAtOnce() async throws {
        try await Self.withDirectory { directory in
            let url = directory.appending(path: "rooms.sqlite")
            try Self.writeRooms(3_000, to: url)
            let store = try Store(url: url, models: EtchModels.all)
            let snapshot = store.snapshot
            // Eight tasks read every room, each in its own order, so first reads race.
            let failures = await withTaskGroup(of: Int.self) { group in
                for task in 0..<8 {
                    group.addTask {
                        var failures = 0
                        for step in 0..<3_000 {
                            let id = (step * (2 * task + 1) + task * 211) % 3_000
                            guard let room = try? snapshot.object(Room.self, id: id),
                                room.name == "Room \(id)", room.floor == id % 7, room.capacity == 10,
                                room.dictionary["note"] == "kept"
                            else {
                                failures += 1
                                continue
                            }
                        }
                        return failures
                    }
                }
                return await group.reduce(0, +)
            }
            #expect(failures == 0)
            // Written back unchanged: the file's JSON is the object's.
            try await store.write { tx in try tx.update(Room.self, id: 42) { $0.copyWith(capacity: 12) } }
            await store.close()
            let reopened = try Store(url: url, models: EtchModels.all)
            let changed = try #require(try await reopened.object(Room.self, id: 42))
            #expect(changed.capacity == 12 && changed.dictionary["note"] == "kept")
            #expect(try await reopened.objects(Room.self).count == 3_000)
        }
    }

    @Test func anObjectWhoseUndeclaredMemberIsNotJSONIsNamedAtOpen() async throws {
        try await Self.withDirectory { directory in
            let url = directory.appending(path: "rooms.sqlite")
            let damaged = #"{"id":7,"name":"Room 7","note":{"list":[1,2,],"x":"y"}}"#
            try Self.writeRooms(100, to: url, damaged: [7: damaged])
            #expect {
                _ = try Store(url: url, models: EtchModels.all)
            } throws: { error in
                guard case .unreadableObject(let model, let id, let reason)? = error as? StoreError else {
                    return false
                }
                return model == "Room" && id == "7" && reason.contains("expected a value")
            }
        }
    }

    @Test func aStringFieldNoIndexReadsIsStillCheckedAtOpen() async throws {
        try await Self.withDirectory { directory in
            let url = directory.appending(path: "people.sqlite")
            let file = try StoreFile(url: url)
            try file.commit(
                (0..<50).map { id in
                    let name = id == 20 ? "20" : "\"P\(id)\""
                    let body = #"{"id":"p\#(id)","name":\#(name),"nickname":"undeclared"}"#
                    return .put(StoredRecord(model: "Person", id: "p\(id)", body: Array(body.utf8), local: nil))
                })
            file.close()
            Self.expectIncompatibleSchema(at: url, model: "Person", field: "name", objects: 1, firstID: "p20")
        }
    }

    @Test func anImportIntoAStoreOpenedFromItsFileKeepsEveryObjectAndIndex() async throws {
        try await Self.withDirectory { directory in
            let url = directory.appending(path: "rooms.sqlite")
            try Self.writeRooms(3_000, to: url)
            let store = try Store(url: url, models: EtchModels.all)
            // Read a few first: objects read since the open and objects still kept as bytes
            // are rebuilt together.
            for id in [1, 500, 2_999] { _ = try await store.object(Room.self, id: id) }
            // 2,500 changes: enough to rebuild the table in bulk.
            try await store.write { tx in
                try tx.insert(contentsOf: (3_000..<5_000).map { Room(id: $0, name: "Room \($0)", floor: $0 % 7) })
                for id in 0..<500 { try tx.update(Room.self, id: id) { $0.copyWith(name: "Renamed \(id)") } }
            }
            let rooms = try await store.objects(Room.self)
            #expect(rooms.map(\.id) == Array(0..<5_000))
            #expect(rooms.allSatisfy { $0.name == ($0.id < 500 ? "Renamed \($0.id)" : "Room \($0.id)") })
            #expect(rooms[1_234].dictionary["note"] == "kept" && rooms[4_321].dictionary["note"] == nil)
            let floorThree = try await store.sorted(Room.self, by: \.name, inGroup: 3).map(\.id)
            let expected = rooms.filter { $0.floor == 3 }.sorted { ($0.name, $0.id) < ($1.name, $1.id) }.map(\.id)
            #expect(floorThree == expected)
        }
    }
}
