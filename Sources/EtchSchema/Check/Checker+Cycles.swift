extension Checker {
    /// Reports models that contain themselves inline, directly or through other models,
    /// with no optional, array, dictionary or `Ref` in between: such a value could never
    /// be built.
    ///
    /// Models that contain one another form a group (a strongly connected component of the
    /// graph of inline fields); each group is reported once, at its first model in source
    /// order, with the shortest cycle through that model.
    ///
    /// - Complexity: O(*n* + *f*) for *n* models with *f* fields in all; nothing recurses.
    mutating func checkCycles(models: [String: CheckedModel], in schema: CheckedSchema) {
        let graph = InlineModelGraph(models: models, in: schema)
        var reported: Set<Int> = []
        for node in graph.nodes.indices {
            guard graph.isInCycle(node), reported.insert(graph.components[node]).inserted,
                let path = graph.shortestCycle(through: node), let first = path.first
            else { continue }
            let steps = path.map { "'\(graph.nodes[$0.node].name).\($0.field.name): \($0.field.type)'" }
            let notes = path.dropFirst().map {
                Diagnostic(
                    .note, "'\(graph.nodes[$0.node].name).\($0.field.name)' declared here", at: $0.field.location)
            }
            error(
                "model '\(graph.nodes[node].name)' contains itself inline through \(steps.joined(separator: " -> ")); "
                    + "make one of these fields optional, an array, a dictionary or a 'Ref'",
                at: first.field.location, notes: notes)
        }
    }
}
