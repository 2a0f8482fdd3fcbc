import Etch
import EtchTestSupport
import Foundation
import Testing

/// The README's file-backed `DataSource` block, run line for line (see ``ReadmeSnippet``)
/// with the app's server, table view and caches folder standing in, and assertions between
/// the lines that what each line's comment says happens.
@Suite struct ReadmeDataSourceTests {
    /// The app's server.
    let api = ReadmeRoomsAPI()
    /// The app's table view.
    let tableView = RecordingTableView()

    /// The app's code that hands a change's indices to its table view.
    func apply(_ change: ListChange<Room>) { tableView.apply(change) }
}

extension ReadmeDataSourceTests {
    @Test func theReadmeBlockIsTheTestedCode() throws {
        let snippet = try ReadmeSnippet("data-source")
        #expect(snippet.missingLines == [], "README lines no test runs")
    }

    /// Leaves a cache file holding one room the server does not have: the user's offline data.
    func writeCache(_ rooms: [Room], to url: Foundation.URL) async throws {
        let earlier = DataSource<Room>(sortedBy: [], file: DataSourceFile(url: url, autosaveDelay: nil))
        await earlier.sortAndAdd(contentsOf: rooms)
        try await earlier.save()
    }

    @Test func theFileBackedBlockDoesWhatItSays() async throws {
        // `URL.cachesDirectory` in the block is a folder of the test's own.
        typealias URL = ReadmeCaches
        try FileManager.default.createDirectory(at: URL.cachesDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: URL.cachesDirectory) }
        let cacheFile = URL.cachesDirectory.appending(path: "rooms.json")
        func room(_ id: String, _ title: String, lastMessageAfter minutes: Int?) -> Room {
            ReadmeRooms.room(id, title, lastMessageAfter: minutes)
        }
        try await writeCache([room("r9", "Offline notes", lastMessageAfter: nil)], to: cacheFile)
        api.serverRooms = [
            room("r2", "Random", lastMessageAfter: 50), room("r1", "General", lastMessageAfter: 40),
            room("r5", "Design", lastMessageAfter: 30), room("r3", "Archive", lastMessageAfter: nil),
            room("r4", "Archive", lastMessageAfter: nil),
        ]
        let freshRoomFromServer = room("r1", "General chat", lastMessageAfter: 60)
        let batch = [
            room("r6", "Music", lastMessageAfter: 10), room("r7", "Books", lastMessageAfter: 20),
            room("r6", "Music and more", lastMessageAfter: 10),
        ]

        // snippet: data-source
        let rooms = DataSource<Room>(
            sortedBy: [.descending(\.lastMessageAt, nils: .last), .ascending(\.title)],  // ties broken by id
            pageSize: 50,
            loader: { offset, limit in try await api.rooms(offset: offset, limit: limit) },
            file: DataSourceFile(url: URL.cachesDirectory.appending(path: "rooms.json"))  // autosaves after 1 s
        )
        #expect(rooms.cacheStatus == .loaded(count: 1))
        if rooms.cacheStatus.isFromCache { print("showing \(await rooms.count) cached rooms") }

        // Observe: the first change is `.initial` (the current objects, inserted into an empty list);
        // then every operation or batch is one ListChange with UIKit batch-update indices
        // (deletions in old indices, insertions in new ones, moves old -> new, updates) and the snapshot.
        Task {
            for await change in await rooms.changes() {
                tableView.performBatchUpdates { apply(change) }  // or: change.apply(to: &rows)
            }
        }
        let mirror = await MainActor.run { DataSourceMirror(rooms) }  // @Observable: List(mirror.objects) { … }
        await waitUntil("the table view shows the cached room") { tableView.rows.map(\.id) == ["r9"] }
        #expect(tableView.changes.first?.insertions == [0] && tableView.changes.first?.deletions == [])

        try await rooms.loadNextPage()  // concurrent calls for the same page coalesce
        // The last message first, rooms without one last, by title, ties by id.
        #expect(await rooms.objects.map(\.id) == ["r2", "r1", "r5", "r3", "r4", "r9"])
        api.serverRooms = [
            room("r2", "Random talk", lastMessageAfter: 50), room("r1", "General", lastMessageAfter: 40),
            room("r3", "Archive", lastMessageAfter: nil), room("r4", "Archive", lastMessageAfter: nil),
        ]
        try await rooms.reload()  // pull to refresh: a fresh first page; nothing else leaves
        #expect(await rooms.objects.map(\.id) == ["r2", "r1", "r5", "r3", "r4", "r9"])
        #expect(await rooms.object(withID: "r2")?.title == "Random talk")
        try await rooms.reload(removing: .allMissing)  // the contents become exactly the first page
        #expect(await rooms.objects == api.serverRooms)
        await rooms.update(id: "r1") { $0.copyWith(isExpanded: true) }

        // Replace with copyWith: the row moves to its sorted place, isExpanded is kept.
        await rooms.update(id: "r1") {
            $0.copyWith {
                $0.lastMessageAt = .now
                $0.unread += 1
            }
        }
        #expect(await rooms.index(ofID: "r1") == 0)
        let moved = try #require(await rooms.object(withID: "r1"))
        #expect(moved.unread == 1 && moved.isExpanded)
        await rooms.sortAndAdd(freshRoomFromServer)  // same id: replaced, @local values carried over
        let replaced = try #require(await rooms.object(withID: "r1"))
        #expect(replaced.title == "General chat" && replaced.unread == 0 && replaced.isExpanded)
        #expect(await rooms.index(ofID: "r1") == 0)
        let changesBeforeBatch = await tableViewCaughtUp(with: rooms)
        await rooms.sortAndAdd(contentsOf: batch)  // one change; a repeated id: the last one wins
        #expect(await rooms.object(withID: "r6")?.title == "Music and more")
        #expect(await tableViewCaughtUp(with: rooms) == changesBeforeBatch + 1)
        #expect(tableView.changes.last?.insertions.count == 2)
        await rooms.remove(id: "r2")
        #expect(await rooms.contains(id: "r2") == false)

        _ = await rooms.object(withID: "r1")  // O(1)
        _ = await rooms.index(ofID: "r1")  // binary search
        _ = await rooms.objects(in: 0..<20)  // one page of the list
        #expect(await rooms.objects(in: 0..<20).map(\.id) == ["r1", "r7", "r6", "r3", "r4"])
        try await rooms.save()  // atomic: temp file, fsync, rename
        // end snippet

        // The save left the file alone in its folder, and what it holds reads back in order,
        // with the `@local` values at their defaults.
        #expect(try FileManager.default.contentsOfDirectory(atPath: URL.cachesDirectory.path) == ["rooms.json"])
        let relaunched = DataSource<Room>(
            sortedBy: [.descending(\.lastMessageAt, nils: .last), .ascending(\.title)],
            file: DataSourceFile(url: cacheFile, autosaveDelay: nil))
        #expect(relaunched.cacheStatus == .loaded(count: 5))
        #expect(await relaunched.objects == (await rooms.objects))
        #expect(await relaunched.object(withID: "r1")?.isExpanded == false)

        // The table view and the mirror hold what the data source holds.
        _ = await tableViewCaughtUp(with: rooms)
        #expect(tableView.rows == (await rooms.objects))
        #expect(tableView.batches == tableView.changes.count)
        let objects = await rooms.objects
        await waitUntil("the mirror catches up") { await MainActor.run { mirror.objects == objects } }
    }

    /// Waits until the table view has applied every change the data source made, and
    /// answers how many it has applied.
    func tableViewCaughtUp(with rooms: DataSource<Room>) async -> Int {
        let objects = await rooms.objects
        await waitUntil("the table view catches up") { tableView.rows == objects }
        return tableView.changes.count
    }
}
