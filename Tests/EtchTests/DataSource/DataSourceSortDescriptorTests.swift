import Foundation
import Testing

@testable import Etch

/// A data source sorted by Foundation `SortDescriptor`s orders as one sorted by keys.
@Suite struct DataSourceSortDescriptorTests {
    static let items = [
        task("a", rank: 2, title: "b"), task("b", rank: 1, title: "a"), task("c", rank: 2, title: "a"),
        task("d", rank: 3, title: "c"), task("e", rank: 1, title: "c"),
    ]

    @Test func descriptorsAndKeysGiveTheSameOrder() async {
        let keyed = DataSource<TaskItem>(sortedBy: [.descending(\.rank), .ascending(\.title)])
        let described = DataSource<TaskItem>(sortedBy: [
            SortDescriptor(\.rank, order: .reverse), SortDescriptor(\.title),
        ])
        let mixed = DataSource<TaskItem>(sortedBy: [.descriptor(SortDescriptor(\.rank, order: .reverse))])
        for item in Self.items {
            await keyed.sortAndAdd(item)
            await described.sortAndAdd(item)
            await mixed.sortAndAdd(item)
        }
        #expect(await keyed.objects.map(\.id) == ["d", "c", "a", "b", "e"])
        #expect(await described.objects.map(\.id) == ["d", "c", "a", "b", "e"])
        // Ties go by id, as with keys.
        #expect(await mixed.objects.map(\.id) == ["d", "a", "c", "b", "e"])
    }

    @Test func aStringDescriptorComparesAsFoundationDoes() async {
        let titles = ["item10", "Item2", "item2", "éclair", "eclair", "Zebra"]
        let items = titles.enumerated().map { task("t\($0.offset)", title: $0.element) }
        let descriptor = SortDescriptor<TaskItem>(\.title)
        let described = DataSource<TaskItem>(sortedBy: [descriptor])
        await described.sortAndAdd(contentsOf: items)
        // Foundation's own sort of the same objects: the same comparator, ties by id.
        let expected = items.sorted { lhs, rhs in
            let order = descriptor.compare(lhs, rhs)
            return order == .orderedSame ? lhs.id < rhs.id : order == .orderedAscending
        }
        #expect(await described.objects.map(\.id) == expected.map(\.id))
    }
}
