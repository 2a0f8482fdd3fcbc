extension Checker {
    /// Reports models that contain themselves inline, directly or through other models,
    /// with no optional, array, dictionary or `Ref` in between: such a value could never
    /// be built. Each cycle is reported once, at its first model in source order.
    mutating func checkCycles(models: [String: CheckedModel], in schema: CheckedSchema) {
        var reported: Set<String> = []
        for file in schema.files {
            for case .model(let model) in file.declarations where !reported.contains(model.name) {
                guard models[model.name] == model else { continue }
                var visited: Set<String> = []
                guard let path = cycle(from: model.name, to: model.name, models: models, visited: &visited),
                    let first = path.first
                else { continue }
                reported.formUnion(path.map(\.model))
                let steps = path.map { "'\($0.model).\($0.field.name): \($0.field.type)'" }.joined(separator: " -> ")
                let notes = path.dropFirst().map {
                    Diagnostic(.note, "'\($0.model).\($0.field.name)' declared here", at: $0.field.location)
                }
                error(
                    "model '\(model.name)' contains itself inline through \(steps); "
                        + "make one of these fields optional, an array, a dictionary or a 'Ref'",
                    at: first.field.location, notes: notes)
            }
        }
    }

    /// The inline fields leading from `start` back to `target`, depth first.
    func cycle(
        from start: String, to target: String, models: [String: CheckedModel], visited: inout Set<String>
    ) -> [(model: String, field: CheckedField)]? {
        guard visited.insert(start).inserted, let model = models[start] else { return nil }
        for field in model.fields {
            guard case .model(let next) = field.type else { continue }
            if next == target { return [(start, field)] }
            if let rest = cycle(from: next, to: target, models: models, visited: &visited) {
                return [(start, field)] + rest
            }
        }
        return nil
    }
}
