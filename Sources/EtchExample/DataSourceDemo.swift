import Etch
import Foundation

/// A room list screen's data: sorted by latest message, paged in from a (fake) server,
/// observed for table-view changes, and cached in a file.
enum DataSourceDemo {
    /// Rooms as the fake server's pages return them.
    static func serverRooms(owner: User) -> [Room] {
        (1...7).map { number in
            Room(
                id: "room\(number)",
                title: "Room \(number)",
                createdAt: Date(timeIntervalSince1970: 1_790_000_000 + Double(number) * 60),
                lastMessageAt: Date(timeIntervalSince1970: 1_795_000_000 + Double(number * 37 % 11) * 60),
                owner: owner,
                creator: Ref(owner)
            )
        }
    }

    static func run(owner: User) async throws {
        let server = serverRooms(owner: owner)
        let cache = FileManager.default.temporaryDirectory.appending(
            path: "etch-example-rooms-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: cache) }

        let rooms = DataSource<Room>(
            sortedBy: [.descending(\.lastMessageAt, nils: .last), .ascending(\.title)],
            pageSize: 3,
            loader: { offset, limit in Array(server.dropFirst(offset).prefix(limit)) },
            file: DataSourceFile(url: cache, autosaveDelay: nil)
        )
        print("came from a cache file:", rooms.cacheStatus.isFromCache)

        // A table view would apply each change's indices; here we print them and replay
        // them onto our own copy of the rows.
        let changes = await rooms.changes()
        let observer = Task {
            var rows: [Room] = []
            for await change in changes {
                change.apply(to: &rows)
                print(
                    "  change: deleted \(change.deletions), inserted \(change.insertions),",
                    "moved \(change.moves.map { "\($0.oldIndex)->\($0.newIndex)" }), updated \(change.updates.map(\.newIndex))"
                )
                if rows.count == 5 { return rows }
            }
            return rows
        }

        try await rooms.loadNextPage()
        try await rooms.loadNextPage()
        print("after two pages:", await rooms.objects.map(\.id), "state:", await rooms.loadState)

        // A new message arrives in the last room (room3): copyWith, and the room moves to the top,
        // keeping its @local isExpanded value.
        await rooms.update(id: "room3") { $0.copyWith(isExpanded: true) }
        await rooms.update(id: "room3") {
            $0.copyWith {
                $0.lastMessageAt = .now
                $0.unread += 1
            }
        }
        await rooms.remove(id: "room1")
        let top = await rooms.object(at: 0)
        print("top room:", top?.id ?? "-", "unread:", top?.unread ?? 0, "expanded:", top?.isExpanded ?? false)

        let replayed = await observer.value
        print("replayed rows equal the data source:", replayed == (await rooms.objects))

        try await rooms.save()
        let reopened = DataSource<Room>(
            sortedBy: [.descending(\.lastMessageAt, nils: .last)], file: DataSourceFile(url: cache))
        print("reopened from cache:", reopened.cacheStatus.isFromCache, "with", await reopened.count, "rooms")
    }
}
