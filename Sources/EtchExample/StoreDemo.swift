import Etch
import EtchStore
import Foundation

/// A chat app's local database: users, rooms and messages in one store file, with the
/// schemas' indexes, a transaction, a query and a sorted range per room.
enum StoreDemo {
    static func run(owner: User) async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "etch-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appending(path: "chat.sqlite")

        let store = try Store(url: url, models: EtchModels.all)
        let grace = User(id: "u2", name: "Grace", email: "grace@example.com", mood: "focused")
        let lobby = Room(
            id: "r1", title: "Lobby", createdAt: Date(timeIntervalSince1970: 1_790_000_000), owner: owner,
            creator: Ref(owner))
        try await store.write { tx in
            try tx.insert(contentsOf: [owner, grace])
            try tx.insert(lobby)
            for minute in 0..<5 {
                try tx.insert(
                    Message(
                        id: "m\(minute)", roomID: Ref(lobby), author: Ref(minute.isMultiple(of: 2) ? owner : grace),
                        text: "message \(minute)",
                        sentAt: Date(timeIntervalSince1970: 1_795_000_000 + Double(minute) * 60)))
            }
        }
        print("stored:", await store.count, "objects in", url.lastPathComponent)
        print("by unique email:", try await store.unique(User.self, \.email, "grace@example.com")?.name ?? "none")
        print("focused users:", try await store.objects(User.self, where: \.mood, is: "focused").map(\.name))
        let latest = try await store.sorted(Message.self, by: \.sentAt, inGroup: Ref(lobby), order: .reverse, limit: 2)
        print("latest two in the lobby:", latest.map(\.text))

        let (graceRef, lobbyRef) = (Ref(grace), Ref(lobby))
        let query = StoreQuery<Message>(
            predicate: #Predicate { $0.roomID == lobbyRef && $0.author == graceRef }, sortBy: [SortDescriptor(\.sentAt)]
        )
        print(
            "Grace wrote in the lobby:", try await store.fetch(query).map(\.id), "| plan:",
            try await store.plan(for: query))

        do {
            try await store.write { tx in
                try tx.insert(User(id: "u3", name: "Impostor", email: "grace@example.com"))
            }
        } catch {
            print("refused:", error)
        }

        let reopened = try Store(url: url, models: EtchModels.all)
        print(
            "after reopening:", try await reopened.count(Message.self), "messages,",
            try await reopened.resolve(Ref<User>(id: "u3")) == nil ? "no impostor" : "an impostor")
    }
}
