import Testing

@testable import Etch

/// A change prints as the Swift that makes it, without module and element type.
@Suite struct ListChangeDescriptionTests {
    @Test func aChangePrintsAsSwift() {
        let move = ListChange<TaskItem>.Move(oldIndex: 1, newIndex: 0)
        #expect("\(move)" == "Move(oldIndex: 1, newIndex: 0)")
        #expect(String(reflecting: move) == "Move(oldIndex: 1, newIndex: 0)")
        let update = ListChange<TaskItem>.Update(oldIndex: 2, newIndex: 2)
        #expect("\(update)" == "Update(oldIndex: 2, newIndex: 2)")
        let change = ListChange(
            deletions: [], insertions: [2], moves: [move], updates: [], snapshot: [task("a"), task("b"), task("c")])
        #expect(
            "\(change)"
                == "ListChange(deletions: [], insertions: [2], moves: [Move(oldIndex: 1, newIndex: 0)], updates: [], snapshot: 3 objects)"
        )
        #expect(String(reflecting: change) == "\(change)")
    }
}
