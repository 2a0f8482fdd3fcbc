import Etch
import EtchStore
import EtchTestSupport
import Foundation
import Testing

/// Random transactions against a store and against a plain model of dictionaries
/// (``ReferenceLibrary``), compared after every transaction: objects, counts, unique and
/// index lookups, sorted ranges and groups; file-backed stores also after reopening.
@Suite struct StoreReferenceTests {}

extension StoreReferenceTests {
    /// The number of transactions of one run.
    static let transactionCount = 80

    /// Commits `operations` in one transaction; returns why the store refused it, if it did.
    static func refusal(committing operations: [ReferenceOperation], to store: Store) async -> ReferenceRefusal? {
        do {
            try await store.write { tx in
                for operation in operations { try operation.apply(to: tx) }
            }
            return nil
        } catch {
            return ReferenceRefusal(error)
        }
    }

    @Test(arguments: StoreStorage.allCases, [1, 2, 3, 4] as [UInt64])
    func randomTransactionsMatchAPlainModel(storage: StoreStorage, seed: UInt64) async throws {
        try await StoreTests.withDirectory { directory in
            let url = directory.appending(path: "library.sqlite")
            var store = try storage.open(url)
            var random = SeededGenerator(seed: seed)
            var reference = ReferenceLibrary()
            var refusals: [ReferenceRefusal: Int] = [:]
            for number in 1...Self.transactionCount {
                let operations = ReferenceOperation.randomTransaction(for: reference, using: &random)
                let context = "seed \(seed), transaction \(number) \(operations)"
                let refusal = await Self.refusal(committing: operations, to: store)
                switch reference.committing(operations) {
                case .success(let next):
                    reference = next
                    #expect(refusal == nil, "\(context): the reference commits")
                case .failure(let expected):
                    #expect(refusal == expected, "\(context): the reference refuses it")
                }
                if let refusal { refusals[refusal, default: 0] += 1 }
                let queries = ReferenceQueries.random(for: reference, using: &random)
                var mismatches = try await reference.mismatches(in: store, queries: queries)
                if storage == .file {
                    store = try storage.open(url)
                    mismatches.append(
                        try await reference.mismatches(in: store, queries: queries), prefix: "after reopening, ")
                }
                // The first transaction that goes wrong says it all; the rest would repeat it.
                guard mismatches.isEmpty else {
                    Issue.record("\(context):\n\(mismatches.lines.joined(separator: "\n"))")
                    return
                }
            }
            // Every kind of refusal happened, so rollbacks were tested.
            #expect(Set(refusals.keys) == [.notFound, .uniqueViolation, .abandoned], "\(refusals)")
        }
    }
}
