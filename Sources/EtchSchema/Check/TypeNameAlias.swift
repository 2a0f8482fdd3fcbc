/// Type names that other languages, and Swift itself, spell differently from the schema
/// language, with the schema's spelling: `Integer` -> `Int`, `Array<String>` -> `[String]`.
enum TypeNameAlias {
    /// Scalar spellings by lowercased name.
    static let scalars: [String: String] = [
        "integer": "Int", "int": "Int", "int8": "Int", "int16": "Int", "int32": "Int", "long": "Int64",
        "uint8": "UInt", "uint16": "UInt", "uint32": "UInt", "uint64": "UInt", "unsigned": "UInt",
        "boolean": "Bool", "bool": "Bool",
        "string": "String", "str": "String", "text": "String", "character": "String", "substring": "String",
        "double": "Double", "float64": "Double", "number": "Double", "cgfloat": "Double",
        "float": "Float", "float32": "Float",
        "date": "Date", "datetime": "Date", "timestamp": "Date", "nsdate": "Date",
        "data": "Data", "bytes": "Data", "nsdata": "Data",
        "url": "URL", "uri": "URL", "nsurl": "URL",
        "uuid": "UUID", "guid": "UUID", "nsuuid": "UUID",
        "decimal": "Decimal", "nsdecimalnumber": "Decimal",
        "json": "JSON", "any": "JSON", "anycodable": "JSON", "object": "JSON",
    ]

    /// The schema's spelling of a scalar type written the way another language writes it.
    static func spelling(of name: String) -> String? {
        scalars[name.lowercased()]
    }

    /// The schema's spelling of a collection written as a named generic type:
    /// `Array<T>` -> `[T]`, `Dictionary<String, T>` -> `[String: T]`, `Optional<T>` -> `T?`.
    ///
    /// - Parameters:
    ///   - name: The name as written.
    ///   - arguments: Its generic arguments as written; placeholders are used when the
    ///     count does not fit.
    static func collectionSpelling(of name: String, arguments: [String]) -> String? {
        switch name.lowercased() {
        case "array", "list", "set", "contiguousarray":
            "[\(arguments.count == 1 ? arguments[0] : "Element")]"
        case "dictionary", "dict", "map", "hashmap":
            arguments.count == 2 ? "[\(arguments[0]): \(arguments[1])]" : "[String: Value]"
        case "optional":
            "\(arguments.count == 1 ? arguments[0] : "Wrapped")?"
        default:
            nil
        }
    }
}
