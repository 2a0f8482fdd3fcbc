/// The wire key paths of a model's fields as a tree of their components, to find the first
/// earlier field whose path equals a new one or runs inside it (or it inside them) without
/// comparing every pair of fields.
struct WireKeyTrie {
    /// One key path component, reached through the components before it.
    private struct Node {
        var children: [String: Int] = [:]
        /// The first field whose path ends here.
        var ending: Int?
        /// The first field whose path reaches this node: as fields are inserted in order, the
        /// first of all the fields whose paths end here or below.
        var first: Int
    }

    private var nodes = [Node(first: .max)]

    /// The first field inserted whose path equals `path`, starts with it, or is a start of it.
    ///
    /// - Complexity: O(*k*) for a path of *k* components.
    func firstClash(with path: [String]) -> Int? {
        guard !path.isEmpty else { return nil }
        var clash: Int?
        var node = 0
        for component in path {
            guard let child = nodes[node].children[component] else { return clash }
            node = child
            // A field whose path ends on the way is a start of this path.
            if let ending = nodes[node].ending { clash = min(clash ?? ending, ending) }
        }
        // Every field whose path reaches the last node equals the path or runs inside it.
        return min(clash ?? nodes[node].first, nodes[node].first)
    }

    /// Adds the path of field `index`; fields are inserted in order.
    ///
    /// - Complexity: O(*k*) for a path of *k* components.
    mutating func insert(_ path: [String], index: Int) {
        var node = 0
        for component in path {
            if let child = nodes[node].children[component] {
                node = child
            } else {
                nodes.append(Node(first: index))
                nodes[node].children[component] = nodes.count - 1
                node = nodes.count - 1
            }
        }
        if nodes[node].ending == nil { nodes[node].ending = index }
    }
}
