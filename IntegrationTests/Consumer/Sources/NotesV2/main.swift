// Version 2 of the app opens version 1's file without migration code: a field renamed, a
// type widened, fields and indexes added.
import Etch
import EtchStore
import Foundation

func require(_ condition: Bool, _ what: String) {
    guard condition else {
        FileHandle.standardError.write(Data("notes v2: \(what)\n".utf8))
        exit(1)
    }
}

let store = try Store(url: URL(fileURLWithPath: CommandLine.arguments[1]), models: EtchModels.all)
let notes = try await store.objects(Note.self)
require(notes.map(\.id) == ["n1", "n2"], "the notes are \(notes.map(\.id))")
require(notes.map(\.city) == ["Lyon", nil], "town did not become city: \(notes.map(\.city))")
require(notes.map(\.count) == [3.0, 7.0], "count did not widen: \(notes.map(\.count))")
require(notes.allSatisfy { !$0.pinned }, "pinned is not its default")
require(try await store.objects(Note.self, where: \.title, is: "Trip").map(\.id) == ["n2"], "the title index")
require(try await store.objects(Note.self, where: \.tag, is: nil).count == 2, "the tag index")
let reminders = try await store.objects(Reminder.self)
require(reminders.map(\.text) == ["Call Anna"], "the memo did not become a reminder: \(reminders)")
require(reminders.first?.dictionary["draft"] == true, "the removed field's value is not kept")
try await store.write { tx in try tx.update(Note.self, id: "n1") { $0.copyWith { $0.pinned = true } } }
let commits = try await store.history(since: nil)
require(commits.count == 3, "the history holds \(commits.count) commits")  // v1's, the rename's, this one
await store.close()
print("notes v2: opened version 1's file; \(commits.count) commits in its history")
