// Commits to a PostgresStore in a loop until killed, for the PostgreSQL store's crash-safety
// test (`PostgresKillTests`): every commit moves an amount between two accounts and leaves a
// receipt of it, so a commit applied in part breaks what the test checks.
//
//     EtchPostgresCommitLoopHelper <connection string>
//
// The store holds Counters (Records.etch links to the PostgreSQL tests' models): "sequence",
// the number of the last commit, and the accounts "a0" ..< "a8", which the test makes.
// Commit n, one transaction: "sequence" becomes n; the amount n % 23 + 1 moves from the
// account n % 8 to another; the receipt "r<n>" holding the amount is inserted and "r<n-2>"
// deleted. The loop goes on from the sequence the store holds. Once `write` returns, it
// prints n on a line of its own, unbuffered: a number printed is a commit acknowledged.

import EtchPostgres
import EtchStore
import Foundation

@main
struct EtchPostgresCommitLoopHelper {
    static func main() async throws {
        guard CommandLine.arguments.count == 2 else {
            FileHandle.standardError.write(Data("usage: EtchPostgresCommitLoopHelper <connection string>\n".utf8))
            exit(2)
        }
        let store: PostgresStore
        do {
            store = try await PostgresStore(connectionString: CommandLine.arguments[1], models: [Counter.self])
        } catch {
            FileHandle.standardError.write(Data("cannot open the store: \(error)\n".utf8))
            exit(1)
        }
        while true {
            let number = try await store.write { tx in
                let number = try tx.update(Counter.self, id: "sequence") { $0.copyWith(value: $0.value + 1) }.value
                let from = number % 8
                let to = (from + number / 8 % 7 + 1) % 8
                let amount = number % 23 + 1
                try tx.update(Counter.self, id: "a\(from)") { $0.copyWith(value: $0.value - amount) }
                try tx.update(Counter.self, id: "a\(to)") { $0.copyWith(value: $0.value + amount) }
                try tx.insert(Counter(id: "r\(number)", value: amount))
                try tx.delete(Counter.self, id: "r\(number - 2)")
                return number
            }
            FileHandle.standardOutput.write(Data("\(number)\n".utf8))
        }
    }
}
