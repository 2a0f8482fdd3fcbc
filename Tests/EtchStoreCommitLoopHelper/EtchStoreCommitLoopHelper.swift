// Commits to a file-backed store in a loop until killed, for the store's crash-safety test
// (`StoreKillTests`): every commit writes one "version" of its objects, which the test
// recognizes, so a file holding anything but whole commits is caught.
//
//     EtchStoreCommitLoopHelper <file>
//
// With `worker <file> <seed> <transactions>`, it runs random conflicting transactions instead
// (see ConflictingWorker), for the tests of many processes on one file.
//
// Version n, one transaction: the room 1 with capacity n, the artist "version" named and
// slugged "v<n>", and, replacing every album, the albums "0" ..< "<n % 20 + 1>", each with
// year n. The loop starts after the version the file holds. Once `write` returns, it prints
// n on a line of its own, unbuffered: a number printed is a commit acknowledged.

import Etch
import EtchStore
import Foundation

@main
struct EtchStoreCommitLoopHelper {
    /// Makes an album so long that a commit spans several pages of the file.
    static let padding = [String(repeating: "padding ", count: 40)]

    static func main() async throws {
        let arguments = CommandLine.arguments
        if arguments.count == 5, arguments[1] == "worker" {
            return try await ConflictingWorker.run(
                file: arguments[2], seed: UInt64(arguments[3]) ?? 0, transactions: Int(arguments[4]) ?? 0)
        }
        guard arguments.count == 2 else {
            FileHandle.standardError.write(
                Data("usage: EtchStoreCommitLoopHelper <file> | worker <file> <seed> <transactions>\n".utf8))
            exit(2)
        }
        let store: Store
        do {
            store = try Store(url: URL(fileURLWithPath: CommandLine.arguments[1]), models: EtchModels.all)
        } catch {
            FileHandle.standardError.write(Data("cannot open the store: \(error)\n".utf8))
            exit(1)
        }
        var version = try await store.object(Room.self, id: 1)?.capacity ?? 0
        while true {
            version += 1
            let albums = (0..<version % 20 + 1).map {
                Album(
                    id: "\($0)", title: "v\(version)", artist: Ref(id: "version"), year: version, tags: padding)
            }
            try await store.write { [version] tx in
                try tx.deleteAll(Album.self)
                try tx.insert(contentsOf: albums)
                try tx.insert(Artist(id: "version", name: "v\(version)", slug: "v\(version)"))
                try tx.insert(Room(id: 1, name: "Version", capacity: version))
            }
            FileHandle.standardOutput.write(Data("\(version)\n".utf8))
        }
    }
}
