import EtchTestSupport
import Testing

@testable import EtchSchema

/// Inline cycles on random graphs of models, against a brute-force answer: one error per
/// group of models that contain one another, at its first model, through a shortest cycle.
@Suite struct CycleTests {}

extension CycleTests {
    /// Shortest path lengths between models over inline fields (`Int.max` when none),
    /// by Floyd-Warshall.
    static func distances(_ edges: [[Int]]) -> [[Int]] {
        let count = edges.count
        var distance = [[Int]](repeating: [Int](repeating: .max, count: count), count: count)
        for (from, targets) in edges.enumerated() {
            for target in targets { distance[from][target] = 1 }
        }
        for middle in 0..<count {
            for from in 0..<count where distance[from][middle] != .max {
                for to in 0..<count where distance[middle][to] != .max {
                    distance[from][to] = min(distance[from][to], distance[from][middle] + distance[middle][to])
                }
            }
        }
        return distance
    }

    @Test func randomGraphsAgreeWithBruteForce() {
        var generator = SeededGenerator(seed: 0xC7C1E)
        for round in 0..<400 {
            let count = Int.random(in: 1...8, using: &generator)
            var edges: [[Int]] = []
            var text = ""
            for model in 0..<count {
                var targets: [Int] = []
                text += "model M\(model) {\n    let id: String\n"
                for field in 0..<Int.random(in: 0...3, using: &generator) {
                    let target = Int.random(in: 0..<count, using: &generator)
                    let inline = Bool.random(using: &generator)
                    if inline { targets.append(target) }
                    text += "    let f\(field): M\(target)\(inline ? "" : "?")\n"
                }
                edges.append(targets)
                text += "}\n"
            }
            let distance = Self.distances(edges)
            var expected: [String] = []
            var grouped: Set<Int> = []
            for model in 0..<count where distance[model][model] != .max && !grouped.contains(model) {
                grouped.formUnion((0..<count).filter { distance[model][$0] != .max && distance[$0][model] != .max })
                expected.append("M\(model) \(distance[model][model])")
            }
            let result = Schema(sources: [SchemaSource(path: "A.etch", text: text)]).checked()
            let found = result.diagnostics.map { diagnostic in
                let name = diagnostic.message.split(separator: "'")[1]
                return "\(name) \(diagnostic.notes.count + 1)"
            }
            #expect(found == expected, "round \(round):\n\(text)")
            #expect(result.diagnostics.allSatisfy { $0.message.contains("contains itself inline through") })
        }
    }

    @Test func aGroupWithTwoCyclesIsReportedOnceThroughTheShortest() {
        let text = "model A {\n    let b: B\n    let c: C\n}\nmodel B {\n    let c: C\n}\nmodel C {\n    let a: A\n}"
        let result = Schema(sources: [SchemaSource(path: "A.etch", text: text)]).checked()
        #expect(
            result.diagnostics.map(\.description) == [
                "A.etch:3:9: error: model 'A' contains itself inline through 'A.c: C' -> 'C.a: A'; "
                    + "make one of these fields optional, an array, a dictionary or a 'Ref'\n"
                    + "A.etch:9:9: note: 'C.a' declared here"
            ])
    }
}
