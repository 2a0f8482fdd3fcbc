extension SwiftRenderer {
    func renderCopying(_ model: SwiftModelDescription, into writer: inout CodeWriter) {
        let access = model.access.prefix
        let mutable = model.mutableFields
        guard !mutable.isEmpty else { return }
        writer.blankLine()
        writer.line("// MARK: - Copying")
        writer.blankLine()
        writer.line("/// The `var` fields of `\(model.name)`, for `copyWith(_:)`.")
        writer.block("\(access)struct Changes: Etch._ModelChanges {") { writer in
            writer.line("/// The storage being changed.")
            writer.line("\(access)var _state: Etch._ChangeState<\(model.name)>")
            writer.blankLine()
            writer.line("/// Makes changes over a model's storage.")
            writer.line("\(access)init(_state: Etch._ChangeState<\(model.name)>) { self._state = _state }")
            for field in mutable {
                writer.blankLine()
                writer.documentation(documentation(of: field))
                let storage =
                    field.isLocal
                    ? "_state.localValues.\(field.name)" : "_state[_Fields.\(field.name)]"
                writer.block("\(access)var \(field.name): \(field.type.source) {") { writer in
                    writer.line("get { \(storage) }")
                    writer.line("set { \(storage) = newValue }")
                }
            }
        }
        for field in mutable {
            writer.blankLine()
            writer.line(
                "/// A copy with `\(field.name.name)` changed\(field.type.isOptional ? " (`nil` clears it)" : "").")
            writer.block("\(access)func copyWith(\(parameter(field, withDefault: false))) -> \(model.name) {") {
                writer in
                if field.isLocal {
                    writer.line("copyWith { $0.\(field.name) = \(field.name.localName) }")
                } else {
                    writer.line("_copyWith(\(field.name.localName), for: _Fields.\(field.name))")
                }
            }
        }
    }
}
