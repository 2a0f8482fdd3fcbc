extension SwiftRenderer {
    func renderCopying(_ model: SwiftModelDescription, into writer: inout CodeWriter) {
        let access = model.access
        let hasLocals = !model.localFields.isEmpty
        let mutable = model.mutableFields
        if !mutable.isEmpty {
            writer.blankLine()
            writer.line("// MARK: - Copying")
            writer.blankLine()
            writer.line("/// The `var` fields of `\(model.name)`, for `copyWith(_:)`.")
            writer.block("\(access)struct Changes {") { writer in
                writer.line("fileprivate var dictionary: ModelDictionary")
                if hasLocals { writer.line("fileprivate var localValues: LocalValues") }
                for field in mutable {
                    writer.blankLine()
                    writer.documentation(documentation(of: field))
                    writer.block("\(access)var \(field.name): \(field.type) {") { writer in
                        writer.line("get { \(storage(of: field)) }")
                        writer.line("set { \(storage(of: field)) = newValue }")
                    }
                }
            }
            let example = mutable.first.map { "$0.\($0.name) = …" } ?? ""
            writer.blankLine()
            let carry = hasLocals ? "; local values carry over" : ""
            writer.line("/// A copy with several fields changed at once\(carry).")
            writer.line("///")
            writer.line("/// ```swift")
            writer.line("/// let changed = value.copyWith { \(example) }")
            writer.line("/// ```")
            writer.block("\(access)func copyWith(_ change: (inout Changes) -> Void) -> \(model.name) {") { writer in
                if hasLocals {
                    writer.line("var changes = Changes(dictionary: dictionary, localValues: localValues)")
                    writer.line("change(&changes)")
                    writer.line(
                        "return \(model.name)(checkedDictionary: changes.dictionary, localValues: changes.localValues)")
                } else {
                    writer.line("var changes = Changes(dictionary: dictionary)")
                    writer.line("change(&changes)")
                    writer.line("return \(model.name)(checkedDictionary: changes.dictionary)")
                }
            }
            for field in mutable {
                writer.blankLine()
                writer.line(
                    "/// A copy with `\(field.name)` changed\(field.type.hasSuffix("?") ? " (`nil` clears it)" : "").")
                writer.block("\(access)func copyWith(\(field.name): \(field.type)) -> \(model.name) {") { writer in
                    writer.line("copyWith { $0.\(field.name) = \(field.name) }")
                }
            }
        }
        if hasLocals {
            writer.blankLine()
            writer.line("/// A copy with other local values and the same data.")
            writer.block("\(access)func replacingLocalValues(_ localValues: LocalValues) -> \(model.name) {") {
                writer in
                writer.line("\(model.name)(checkedDictionary: dictionary, localValues: localValues)")
            }
        }
    }

    func renderConformances(_ model: SwiftModelDescription, into writer: inout CodeWriter) {
        let access = model.access
        let name = model.name
        writer.line("")
        writer.line("// MARK: - \(name): Hashable")
        writer.line("")
        writer.block("extension \(name) {") { writer in
            writer.line("/// Equal when the serialized data is equal; local values do not count.")
            writer.block("\(access)static func == (lhs: \(name), rhs: \(name)) -> Bool {") { writer in
                writer.line("lhs.dictionary == rhs.dictionary")
            }
            writer.blankLine()
            writer.block("\(access)func hash(into hasher: inout Hasher) {") { writer in
                writer.line("hasher.combine(dictionary)")
            }
        }
        writer.line("")
        writer.line("// MARK: - \(name): Codable")
        writer.line("")
        writer.block("extension \(name) {") { writer in
            writer.line("/// Decodes every key, declared or not, and checks the declared ones.")
            writer.block("\(access)init(from decoder: any Decoder) throws {") { writer in
                writer.line("self = try Self.decoded(from: decoder)")
            }
            writer.blankLine()
            writer.line("/// Encodes every key, declared or not.")
            writer.block("\(access)func encode(to encoder: any Encoder) throws {") { writer in
                writer.line("try dictionary.encode(to: encoder)")
            }
        }
        writer.line("")
        writer.line("// MARK: - \(name): CustomStringConvertible")
        writer.line("")
        writer.block("extension \(name) {") { writer in
            writer.line(
                "/// The declared fields, such as `\(name)(\(model.fields.first.map { "\($0.name): …" } ?? ""))`.")
            writer.block("\(access)var description: String {") { writer in
                if model.fields.isEmpty {
                    writer.line("Self.describe([:])")
                } else {
                    writer.block("Self.describe([", closing: "])") { writer in
                        for field in model.fields { writer.line("\"\(field.name)\": \(field.name),") }
                    }
                }
            }
        }
    }
}
