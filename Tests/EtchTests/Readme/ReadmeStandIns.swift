import Etch
import Foundation

// The app around the README's blocks: its server, its table view, its caches folder and the
// users and rooms it holds. Each stands in for what the README's reader has, so that the
// README's own lines run unchanged in a test.

/// The app's server in the README's `DataSource` block: its rooms, which a test changes
/// between pages, in the server's order.
final class ReadmeRoomsAPI: Sendable {
    private let state = Locked<[Room]>([])

    /// What the server holds now.
    var serverRooms: [Room] {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }

    /// One page of the server's rooms.
    func rooms(offset: Int, limit: Int) async throws -> [Room] {
        state.withLock { Array($0.dropFirst(offset).prefix(limit)) }
    }
}

/// The app's table view: every batch it was handed, and the rows they left, as UIKit's
/// `performBatchUpdates` applies them.
final class RecordingTableView: Sendable {
    private struct State {
        var rows: [Room] = []
        var changes: [ListChange<Room>] = []
        var batches = 0
    }
    private let state = Locked(State())

    /// The rows shown.
    var rows: [Room] { state.withLock { $0.rows } }
    /// The changes applied, in order.
    var changes: [ListChange<Room>] { state.withLock { $0.changes } }
    /// How many batches of updates ran.
    var batches: Int { state.withLock { $0.batches } }

    /// Runs a batch of updates, as `UITableView.performBatchUpdates(_:)` does.
    func performBatchUpdates(_ updates: () -> Void) {
        updates()
        state.withLock { $0.batches += 1 }
    }

    /// Deletes, inserts, moves and reloads rows at the change's indices.
    func apply(_ change: ListChange<Room>) {
        state.withLock { state in
            change.apply(to: &state.rows)
            state.changes.append(change)
        }
    }
}

/// Stands in for Foundation's `URL` in the README's `DataSource` block, whose cache file is in
/// `URL.cachesDirectory`: a folder of the test's own.
enum ReadmeCaches {
    /// A folder of this test process's own, which the test makes and removes.
    static let cachesDirectory = FileManager.default.temporaryDirectory.appending(
        path: "etch-readme-caches-\(UUID().uuidString)")
}

/// The README's users and rooms.
enum ReadmeRooms {
    /// The user who owns and created every room.
    static let user = User(id: "u1", name: "Ada", email: "ada@example.com", avatarURL: nil)

    /// A fixed instant the rooms' times count from.
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// A room whose last message came `minutes` after ``start`` (none when `nil`).
    static func room(_ id: String, _ title: String, lastMessageAfter minutes: Int?) -> Room {
        Room(
            id: id, title: title, createdAt: start,
            lastMessageAt: minutes.map { start.addingTimeInterval(Double($0) * 60) },
            owner: user, creator: Ref(user))
    }
}
