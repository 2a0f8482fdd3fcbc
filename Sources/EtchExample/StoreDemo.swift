import Etch
import EtchStore
import Foundation

/// A chat app's local database: users, rooms and messages in one store file, with the
/// schemas' indexes, a transaction, a query, a sorted range per room, an inverse relation,
/// a live query a list screen would follow, a data source over the store, and a second store
/// on the same file with the history between them.
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

        try await liveLists(store, lobby: lobby, grace: grace)

        do {
            try await store.write { tx in
                try tx.insert(User(id: "u3", name: "Impostor", email: "grace@example.com"))
            }
        } catch {
            print("refused:", error)
        }

        try await sharedFile(url, store: store, lobby: lobby, grace: grace)

        let reopened = try Store(url: url, models: EtchModels.all)
        print(
            "after reopening:", try await reopened.count(Message.self), "messages,",
            try await reopened.resolve(Ref<User>(id: "u3")) == nil ? "no impostor" : "an impostor")
    }

    /// A share extension opening the same file: each store sees the other's commits, and the
    /// history says what changed since a token the app kept.
    static func sharedFile(_ url: URL, store: Store, lobby: Room, grace: User) async throws {
        let seen = await store.historyToken
        let shareExtension = try Store(url: url, models: EtchModels.all)
        try await shareExtension.write { tx in
            try tx.insert(
                Message(
                    id: "m6", roomID: Ref(lobby), author: Ref(grace), text: "shared from Photos",
                    sentAt: Date(timeIntervalSince1970: 1_795_000_000 + 900)))
        }
        await shareExtension.close()
        print("the app reads the extension's message:", try await store.object(Message.self, id: "m6")?.text ?? "none")
        for commit in try await store.history(since: seen) {
            let messages = try commit.changes(of: Message.self)
            print(
                "history since commit \(seen.number): commit \(commit.token.number) inserted",
                messages.inserted.map(\.id))
        }
    }

    /// What a list screen and a detail screen follow: a live query of the latest messages,
    /// the room's messages (an inverse relation), and a data source over the same store.
    static func liveLists(_ store: Store, lobby: Room, grace: User) async throws {
        print("the lobby's messages (Room.messages):", try await store.related(Room.messages, of: lobby.id).map(\.id))

        // The list screen: the three latest messages, kept up to date commit by commit.
        let latest = StoreQuery<Message>(sortBy: [SortDescriptor(\.sentAt, order: .reverse)], fetchLimit: 3)
        var changes = try await store.observe(latest).makeAsyncIterator()
        var rows = await changes.next()?.snapshot ?? []
        // The detail screen: the room's messages, in the relation's order.
        var thread = try await store.observe(Room.messages, of: lobby.id).makeAsyncIterator()
        var messages = await thread.next()?.snapshot ?? []
        // A data source over the store: the DataSource API, the store's objects and commits.
        let fromGrace = Ref(grace)
        let graces = try await DataSource<Message>(
            store: store, where: #Predicate { $0.author == fromGrace }, sortedBy: [.ascending(\.sentAt)])
        print("latest three:", rows.map(\.id), "| Grace's:", await graces.objects.map(\.id))

        try await store.write { tx in
            try tx.insert(
                Message(
                    id: "m5", roomID: Ref(lobby), author: Ref(grace), text: "hello again",
                    sentAt: Date(timeIntervalSince1970: 1_795_000_000 + 600)))
        }
        if let change = await changes.next() {
            change.apply(to: &rows)
            print(
                "a commit: the list inserts rows", change.insertions, "and deletes", change.deletions, "->",
                rows.map(\.id))
        }
        if let change = await thread.next() {
            change.apply(to: &messages)
            print("the thread inserts rows", change.insertions, "->", messages.count, "messages")
        }

        // A write through the data source reaches the store, and comes back to every list.
        await graces.update(id: "m3") { $0.copyWith(text: "message 3, edited") }
        try await graces.save()
        print("through the data source:", try await store.object(Message.self, id: "m3")?.text ?? "none")
        if let change = await changes.next() { print("the list updates row", change.updates.map(\.newIndex)) }
    }
}
