extension Checker {
    /// Checks that a default value fits its field's type.
    ///
    /// - Returns: The default, or `nil` when an error was reported.
    mutating func checkDefault(_ literal: LiteralSyntax, for type: FieldType) -> DefaultValue? {
        if case .optional(let wrapped) = type {
            if literal.kind == .null { return .null }
            if wrapped.acceptsOnlyNil {
                error("type '\(type)' only supports the default value 'nil'", at: literal.location)
                return nil
            }
            return checkDefault(literal, for: wrapped)
        }
        if type.acceptsOnlyNil {
            error("type '\(type)' does not support default values", at: literal.location)
            return nil
        }
        switch (literal.kind, type) {
        case (.null, _):
            error("'nil' requires an optional type; write '\(type)?'", at: literal.location)
            return nil
        case (.enumCase(let name), .enumeration(let enumName)):
            return checkCase(name, of: enumName, at: literal.location)
        case (.identifier(let name), .enumeration(let enumName)):
            checkBareCase(name, of: enumName, at: literal.location)
            return nil
        case (.integer(let text), .scalar(.json)):
            return checkInteger(text, for: .int64, at: literal.location)
        case (.float(let text), .scalar(.json)):
            return isFinite(text, in: .double, at: literal.location) ? defaultValue(of: literal) : nil
        case (.string, .scalar(.json)), (.bool, .scalar(.json)), (.emptyArray, .scalar(.json)),
            (.emptyDictionary, .scalar(.json)):
            return defaultValue(of: literal)
        case (.string, .scalar(.string)), (.bool, .scalar(.bool)), (.emptyArray, .array),
            (.emptyDictionary, .dictionary):
            return defaultValue(of: literal)
        case (.float(let text), .scalar(let scalar)) where [.double, .float, .timeInterval].contains(scalar),
            (.integer(let text), .scalar(let scalar)) where [.double, .float, .timeInterval].contains(scalar):
            return isFinite(text, in: scalar, at: literal.location) ? defaultValue(of: literal) : nil
        case (.integer(let text), .scalar(let scalar)) where [.int, .int64, .uint].contains(scalar):
            return checkInteger(text, for: scalar, at: literal.location)
        default:
            error("cannot use \(literal.quoted) as the default value of type '\(type)'", at: literal.location)
            return nil
        }
    }

    /// Checks that an integer literal fits `Int`, `Int64` or `UInt`.
    mutating func checkInteger(_ text: String, for scalar: ScalarType, at location: SourceLocation) -> DefaultValue? {
        let digits = text.filter { $0 != "_" }
        if scalar == .uint {
            if digits.hasPrefix("-"), digits.contains(where: { $0 != "-" && $0 != "0" }) {
                error("negative integer '\(text)' cannot be stored in type 'UInt'", at: location)
                return nil
            }
            if UInt64(digits.hasPrefix("-") ? "0" : digits) == nil {
                error("integer literal '\(text)' overflows type 'UInt'", at: location)
                return nil
            }
        } else if Int64(digits) == nil {
            error("integer literal '\(text)' overflows type '\(scalar.rawValue)'", at: location)
            return nil
        }
        return .integer(text)
    }

    /// Checks that a number literal is finite in `Double` or `Float`: Swift only warns when
    /// a literal overflows to infinity, and an infinite value cannot be written as JSON.
    mutating func isFinite(_ text: String, in scalar: ScalarType, at location: SourceLocation) -> Bool {
        let digits = text.filter { $0 != "_" }
        let finite = scalar == .float ? Float(digits)?.isFinite : Double(digits)?.isFinite
        if finite != true { error("number literal '\(text)' overflows type '\(scalar.rawValue)'", at: location) }
        return finite == true
    }

    /// Checks that `.name` is a case of the enum.
    mutating func checkCase(_ name: String, of enumName: String, at location: SourceLocation) -> DefaultValue? {
        guard case .enumeration(let enumeration) = declared[enumName] else { return nil }
        if enumCaseNames[enumName] == nil { enumCaseNames[enumName] = Set(enumeration.cases.map(\.name.text)) }
        guard enumCaseNames[enumName]?.contains(name) == true else {
            error(
                message("enum '\(enumName)' has no case '\(name)'", for: name, amongCasesOf: enumeration), at: location)
            return nil
        }
        return .enumCase(name)
    }

    /// Reports an enum case written without its dot (`= open`), suggesting `.open`, or the
    /// closest case when the name is none.
    mutating func checkBareCase(_ name: String, of enumName: String, at location: SourceLocation) {
        guard case .enumeration(let enumeration) = declared[enumName] else { return }
        if enumeration.cases.contains(where: { $0.name.text == name }) {
            error("an enum case as a default value starts with a dot; did you mean '.\(name)'?", at: location)
        } else {
            error(
                message("enum '\(enumName)' has no case '\(name)'", for: name, amongCasesOf: enumeration), at: location)
        }
    }

    /// The default value a literal stands for, if it can be one.
    func defaultValue(of literal: LiteralSyntax) -> DefaultValue? {
        switch literal.kind {
        case .string(let value): .string(value)
        case .integer(let text): .integer(text)
        case .float(let text): .float(text)
        case .bool(let value): .bool(value)
        case .null: .null
        case .emptyArray: .emptyArray
        case .emptyDictionary: .emptyDictionary
        case .enumCase(let name): .enumCase(name)
        case .identifier: nil
        }
    }
}

extension FieldType {
    /// Whether the only default the type can have is `nil` (when optional): values of
    /// these types have no literal form in the schema language.
    var acceptsOnlyNil: Bool {
        switch self {
        case .scalar(let scalar): [.date, .data, .url, .uuid, .decimal].contains(scalar)
        case .model, .ref, .union: true
        case .optional, .array, .dictionary, .enumeration: false
        }
    }
}
