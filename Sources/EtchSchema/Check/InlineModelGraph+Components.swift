extension InlineModelGraph {
    /// Tarjan's strongly connected components, with an explicit stack instead of recursion
    /// so that a chain of any length fits.
    ///
    /// - Returns: The component of each node, and the size of each component.
    /// - Complexity: O(*n* + *e*) for *n* nodes and *e* edges.
    static func stronglyConnectedComponents(of nodes: [Node]) -> (components: [Int], sizes: [Int]) {
        let unvisited = -1
        var order = [Int](repeating: unvisited, count: nodes.count)
        var lowest = [Int](repeating: 0, count: nodes.count)
        var onStack = [Bool](repeating: false, count: nodes.count)
        var components = [Int](repeating: unvisited, count: nodes.count)
        var sizes: [Int] = []
        var stack: [Int] = []
        // The depth-first path: each node with the index of the next edge to follow.
        var path: [(node: Int, edge: Int)] = []
        var counter = 0
        for root in nodes.indices where order[root] == unvisited {
            path.append((root, 0))
            order[root] = counter
            lowest[root] = counter
            counter += 1
            stack.append(root)
            onStack[root] = true
            while let (node, edge) = path.last {
                if edge < nodes[node].edges.count {
                    path[path.count - 1].edge += 1
                    let next = nodes[node].edges[edge].target
                    if order[next] == unvisited {
                        order[next] = counter
                        lowest[next] = counter
                        counter += 1
                        stack.append(next)
                        onStack[next] = true
                        path.append((next, 0))
                    } else if onStack[next] {
                        lowest[node] = min(lowest[node], order[next])
                    }
                    continue
                }
                path.removeLast()
                if let parent = path.last?.node { lowest[parent] = min(lowest[parent], lowest[node]) }
                guard lowest[node] == order[node] else { continue }
                var size = 0
                while let member = stack.popLast() {
                    onStack[member] = false
                    components[member] = sizes.count
                    size += 1
                    if member == node { break }
                }
                sizes.append(size)
            }
        }
        return (components, sizes)
    }

    /// The shortest cycle from a node back to itself, breadth first; among cycles of the
    /// same length, the one whose fields come first.
    ///
    /// - Returns: The steps, starting at `start`, or `nil` when no cycle passes through it.
    /// - Complexity: O(*n* + *e*) within the node's component.
    func shortestCycle(through start: Int) -> [Step]? {
        let component = components[start]
        var parent: [Int: Step] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edge in nodes[node].edges where components[edge.target] == component {
                let step = Step(node: node, field: edge.field)
                if edge.target == start { return path(to: step, parents: parent, start: start) }
                guard edge.target != start, parent[edge.target] == nil else { continue }
                parent[edge.target] = step
                queue.append(edge.target)
            }
        }
        return nil
    }

    /// The steps from `start` to `last`, following the breadth-first parents back.
    private func path(to last: Step, parents: [Int: Step], start: Int) -> [Step] {
        var steps = [last]
        var node = last.node
        while node != start, let step = parents[node] {
            steps.append(step)
            node = step.node
        }
        return steps.reversed()
    }
}
