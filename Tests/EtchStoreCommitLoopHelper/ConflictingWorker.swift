import Etch
import EtchStore
import EtchTestSupport
import Foundation

/// Random transactions that conflict with other processes' on one store file, for
/// `StoreSharingProcessTests`: counter increments by transform (room 1's capacity), artists
/// inserted with slugs from a small set (so `@unique` refuses some), renamed by transform and
/// deleted, and albums pointing at them.
///
/// Each acknowledged increment prints `+` on a line of its own, unbuffered, so a test that
/// kills a worker knows which increments it acknowledged; at the end it prints `done`.
enum ConflictingWorker {
    static func run(file: String, seed: UInt64, transactions: Int) async throws {
        let store = try Store(url: URL(fileURLWithPath: file), models: EtchModels.all)
        var random = SeededGenerator(seed: seed)
        for step in 0..<transactions {
            let artistID = "a\(random.next() % 12)"
            do {
                switch random.next() % 5 {
                case 0, 1:
                    try await store.write { tx in
                        try tx.update(Room.self, id: 1) { $0.copyWith(capacity: $0.capacity + 1) }
                    }
                    FileHandle.standardOutput.write(Data("+\n".utf8))
                case 2:
                    let slug = "s\(random.next() % 6)"
                    try await store.write { tx in
                        try tx.insert(Artist(id: artistID, name: "w\(seed)-\(step)", slug: slug))
                        try tx.insert(
                            Album(id: "\(artistID)-\(step % 3)", title: "t", artist: Ref(id: artistID), year: step))
                    }
                case 3:
                    try await store.write { tx in
                        try tx.update(Artist.self, id: artistID) { $0.copyWith(name: $0.name + "!") }
                    }
                default:
                    try await store.write { tx in
                        _ = try tx.delete(Artist.self, id: artistID)
                        for album in try tx.object(Album.self, id: "\(artistID)-0").map({ [$0] }) ?? [] {
                            _ = try tx.delete(Album.self, id: album.id)
                        }
                    }
                }
            } catch let error as StoreError {
                switch error {
                case .uniqueViolation, .notFound: continue  // the other processes' doing: expected
                default: throw error
                }
            }
        }
        await store.close()
        FileHandle.standardOutput.write(Data("done\n".utf8))
    }
}
