// Version 1 of an app: writes its notes to the store file named on the command line.
// `check-store-evolution.sh` then opens the file with version 2's schema and a breaking one.
import Etch
import EtchStore
import Foundation

let store = try Store(url: URL(fileURLWithPath: CommandLine.arguments[1]), models: EtchModels.all)
try await store.write { tx in
    try tx.insert(Note(id: "n1", title: "Groceries", count: 3, town: "Lyon"))
    try tx.insert(Note(id: "n2", title: "Trip", count: 7))
    try tx.insert(Memo(id: "m1", text: "Call Anna", draft: true))
}
await store.close()
print("notes v1: wrote 2 notes and a memo")
