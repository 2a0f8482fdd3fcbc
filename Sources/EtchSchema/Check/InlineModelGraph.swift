/// The models of a schema and the fields that hold another model inline (not optional, in
/// a collection or through a `Ref`), with its strongly connected components: the groups of
/// models that contain one another.
struct InlineModelGraph {
    /// An inline field from one model to another.
    struct Edge {
        var field: CheckedField
        var target: Int
    }

    /// A model, with its inline fields in declaration order.
    struct Node {
        var name: String
        var edges: [Edge]
    }

    /// One step of a cycle: a model and its field that leads to the next model.
    struct Step {
        var node: Int
        var field: CheckedField
    }

    /// Every model's first declaration, in source order.
    let nodes: [Node]
    /// The component of each node; components are numbered in the order they complete.
    let components: [Int]
    /// How many nodes each component has.
    let componentSizes: [Int]

    /// Builds the graph of the models' first declarations and finds its components.
    ///
    /// - Complexity: O(*n* + *f*) for *n* models with *f* fields in all.
    init(models: [String: CheckedModel], in schema: CheckedSchema) {
        var order: [CheckedModel] = []
        var numbers: [String: Int] = [:]
        for file in schema.files {
            for case .model(let model) in file.declarations where numbers[model.name] == nil {
                guard models[model.name] == model else { continue }
                numbers[model.name] = order.count
                order.append(model)
            }
        }
        nodes = order.map { model in
            let edges = model.fields.compactMap { field -> Edge? in
                guard case .model(let next) = field.type, let target = numbers[next] else { return nil }
                return Edge(field: field, target: target)
            }
            return Node(name: model.name, edges: edges)
        }
        (components, componentSizes) = Self.stronglyConnectedComponents(of: nodes)
    }

    /// Whether the node's component holds a cycle: more than one model, or one model that
    /// contains itself.
    func isInCycle(_ node: Int) -> Bool {
        componentSizes[components[node]] > 1 || nodes[node].edges.contains { $0.target == node }
    }
}
