import EtchStore
import Foundation
import Testing

/// A predicate and the plan expected for it, named for the test's output.
struct PlanCase<Model>: Sendable, CustomTestStringConvertible {
    /// What the case shows.
    let name: String
    /// The predicate planned.
    let predicate: Predicate<Model>
    /// The plan expected.
    let expected: QueryPlan

    /// Makes a case.
    init(_ name: String, _ predicate: Predicate<Model>, _ expected: QueryPlan) {
        self.name = name
        self.predicate = predicate
        self.expected = expected
    }

    var testDescription: String { name }
}
