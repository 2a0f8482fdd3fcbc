import Foundation
import Testing

@testable import Etch

@Suite struct DataSourceLocalValuesTests {}

extension DataSourceLocalValuesTests {
    @Test func replacementCarriesLocalValuesOver() async {
        let tasks = DataSource<TaskItem>(sortedBy: [.ascending(\.rank)])
        await tasks.sortAndAdd(task("a", rank: 1, expanded: true))
        // A fresh copy from the server, with default local values, moving elsewhere.
        await tasks.sortAndAdd(task("a", rank: 5, title: "from server"))
        let stored = await tasks.object(withID: "a")
        #expect(stored?.title == "from server")
        #expect(stored?.isExpanded == true)
        #expect(await tasks.objects.first?.isExpanded == true)

        await tasks.sortAndAdd(contentsOf: [task("a", rank: 2), task("b")])
        #expect(await tasks.object(withID: "a")?.isExpanded == true)
    }

    @Test(arguments: [true, false])
    func replacePolicyTakesTheNewValues(batch: Bool) async {
        let tasks = DataSource<TaskItem>(sortedBy: [.ascending(\.rank)])
        await tasks.sortAndAdd(task("a", expanded: true))
        if batch {
            await tasks.sortAndAdd(contentsOf: [task("a")], localValues: .replace)
        } else {
            await tasks.sortAndAdd(task("a"), localValues: .replace)
        }
        #expect(await tasks.object(withID: "a")?.isExpanded == false)
    }

    @Test func updateKeepsWhatTheTransformReturns() async {
        let tasks = DataSource<TaskItem>(sortedBy: [.ascending(\.rank)])
        await tasks.sortAndAdd(task("a", expanded: true))
        await tasks.update(id: "a") { $0.copyWith(title: "renamed") }
        #expect(await tasks.object(withID: "a")?.isExpanded == true)
        await tasks.update(id: "a") { $0.copyWith(isExpanded: false) }
        #expect(await tasks.object(withID: "a")?.isExpanded == false)
        #expect(await tasks.update(id: "missing") { $0 } == nil)
    }

    @Test func localOnlyChangeIsReportedAsUpdate() async {
        let tasks = DataSource<TaskItem>(sortedBy: [.ascending(\.rank)])
        await tasks.sortAndAdd(task("a"))
        var changes = await tasks.changes().makeAsyncIterator()
        _ = await changes.next()
        await tasks.update(id: "a") { $0.copyWith(isExpanded: true) }
        let change = await changes.next()
        #expect(change?.updates == [.init(oldIndex: 0, newIndex: 0)])
        #expect(change?.snapshot.first?.isExpanded == true)
    }
}
