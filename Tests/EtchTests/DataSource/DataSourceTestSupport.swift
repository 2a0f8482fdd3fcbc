import Foundation
import Testing

@testable import Etch

/// A sort order under test, with the plain comparator the reference model sorts by.
struct OrderCase: Sendable, CustomTestStringConvertible {
    let name: String
    let keys: [SortKey<TaskItem>]
    /// Compares sort keys only; the reference breaks ties by id itself.
    let referenceKeysPrecede: @Sendable (TaskItem, TaskItem) -> Bool

    var testDescription: String { name }

    static let all: [OrderCase] = [
        OrderCase(name: "rank ascending", keys: [.ascending(\.rank)]) { $0.rank < $1.rank },
        OrderCase(name: "rank descending", keys: [.descending(\.rank)]) { $0.rank > $1.rank },
        OrderCase(name: "dueAt ascending, nil first", keys: [.ascending(\.dueAt, nils: .first)]) {
            switch ($0.dueAt, $1.dueAt) {
            case (nil, nil): false
            case (nil, _): true
            case (_, nil): false
            case (let a?, let b?): a < b
            }
        },
        OrderCase(
            name: "dueAt descending nil last, then title",
            keys: [.descending(\.dueAt, nils: .last), .ascending(\.title)]
        ) {
            switch ($0.dueAt, $1.dueAt) {
            case (nil, nil): $0.title < $1.title
            case (nil, _): false
            case (_, nil): true
            case (let a?, let b?): a > b || (a == b && $0.title < $1.title)
            }
        },
        OrderCase(name: "id only", keys: []) { _, _ in false },
    ]
}

/// The obvious implementation to check a data source against: a plain array, re-sorted
/// after every operation.
struct ReferenceList {
    let order: OrderCase
    var objects: [TaskItem] = []

    mutating func sortAndAdd(_ new: TaskItem, localValues: LocalValuesPolicy) {
        sortAndAdd(contentsOf: [new], localValues: localValues)
    }

    /// Applies a batch: the last object with an id wins whole, then one re-sort.
    mutating func sortAndAdd(contentsOf batch: [TaskItem], localValues: LocalValuesPolicy) {
        var positions: [String: Int] = [:]
        for (index, object) in objects.enumerated() { positions[object.id] = index }
        var added: Set<String> = []
        for new in batch.reversed() where added.insert(new.id).inserted {
            if let index = positions[new.id] {
                let old = objects[index]
                objects[index] = localValues == .carryOver ? new.replacingLocalValues(old.localValues) : new
            } else {
                objects.append(new)
            }
        }
        sort()
    }

    mutating func remove(id: String) { objects.removeAll { $0.id == id } }

    mutating func sort() {
        objects.sort { lhs, rhs in
            if order.referenceKeysPrecede(lhs, rhs) { return true }
            if order.referenceKeysPrecede(rhs, lhs) { return false }
            return lhs.id < rhs.id
        }
    }
}

/// Applies a change to a copy the way a table view does, checking each index against the
/// old array and the snapshot, independently of ``ListChange/apply(to:)``.
func replay(
    _ change: ListChange<TaskItem>, onto copy: inout [TaskItem], sourceLocation: SourceLocation = #_sourceLocation
) {
    let old = copy
    #expect(change.deletions == change.deletions.sorted(), sourceLocation: sourceLocation)
    #expect(change.insertions == change.insertions.sorted(), sourceLocation: sourceLocation)
    #expect(Set(change.deletions).count == change.deletions.count, sourceLocation: sourceLocation)
    let removed = Set(change.deletions + change.moves.map(\.oldIndex))
    var result = [TaskItem?](repeating: nil, count: change.snapshot.count)
    let oldIDs = Set(old.map(\.id))
    for index in change.insertions {
        #expect(
            !oldIDs.contains(change.snapshot[index].id), "inserted an object already present",
            sourceLocation: sourceLocation)
        result[index] = change.snapshot[index]
    }
    for move in change.moves {
        #expect(
            old[move.oldIndex].id == change.snapshot[move.newIndex].id, "move of the wrong object",
            sourceLocation: sourceLocation)
        #expect(result[move.newIndex] == nil, sourceLocation: sourceLocation)
        result[move.newIndex] = change.snapshot[move.newIndex]
    }
    for index in change.deletions {
        #expect(
            !change.snapshot.contains { $0.id == old[index].id }, "deleted an object still present",
            sourceLocation: sourceLocation)
    }
    var survivors = old.indices.lazy.filter { !removed.contains($0) }.map { old[$0] }.makeIterator()
    for index in result.indices where result[index] == nil {
        result[index] = survivors.next()
    }
    #expect(survivors.next() == nil, "more survivors than free slots", sourceLocation: sourceLocation)
    for update in change.updates {
        #expect(
            old[update.oldIndex].id == result[update.newIndex]?.id, "update index pair mismatch",
            sourceLocation: sourceLocation)
        result[update.newIndex] = change.snapshot[update.newIndex]
    }
    copy = result.compactMap { $0 }
    #expect(copy.count == change.snapshot.count, sourceLocation: sourceLocation)
}

/// Whether two arrays hold the same objects, data and `@local` values alike.
func sameObjects(_ lhs: [TaskItem], _ rhs: [TaskItem]) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 == $1 && $0.localValues == $1.localValues }
}

/// Waits, by polling, until a condition holds; fails the test after a generous bound.
func waitUntil(
    _ description: Comment,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async -> Bool
) async {
    for _ in 0..<5_000 {
        if await condition() { return }
        try? await Task.sleep(for: .milliseconds(1))
    }
    Issue.record("timed out waiting: \(description)", sourceLocation: sourceLocation)
}

/// A fresh, empty directory removed at the end of the test.
struct TemporaryDirectory: ~Copyable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("etch-datasource-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

let referenceDate = Date(timeIntervalSince1970: 1_700_000_000)

/// A task item for tests: `due` counts days from a fixed date.
func task(_ id: String, rank: Int = 0, due: Int? = nil, title: String? = nil, expanded: Bool = false) -> TaskItem {
    TaskItem(
        id: id,
        title: title ?? "task \(id)",
        rank: rank,
        dueAt: due.map { referenceDate.addingTimeInterval(Double($0) * 86_400) },
        isExpanded: expanded
    )
}
