/// The storage a generated memberwise initializer fills, one field at a time, in schema
/// order. Not user API.
///
/// The values go into one buffer sized for every field, and a model made with every field
/// set shares its schema's key array, as a decoded model does. Growing a dictionary one key
/// at a time instead reallocated the buffer as it grew and gave each model a key array of
/// its own, which cost memory and a cache miss on every read of a model made in code.
///
/// Fields set out of schema order, or with a dotted `@key`, go the general way from there on,
/// so the result is always what setting each field in turn on an empty dictionary makes.
public struct _MemberwiseValues: ~Copyable {
    /// The fields as the schema lists them.
    private let table: ModelCodingTable
    /// The buffer being filled, while the fields come in table order.
    private var builder: ModelDictionaryBuilder?
    /// The position in ``table`` of the next field expected.
    private var next = 0
    /// The keys of the values so far, once a field has been left out; until then, they are
    /// the first ``next`` keys of the table.
    private var keys: [String]?
    /// The dictionary, once the fields stopped coming in table order.
    private var general: ModelDictionary?

    /// Starts the storage of a model of `schema`.
    public init(_ schema: _ModelSchema) {
        table = schema.codingTable
        builder = ModelDictionaryBuilder(capacity: schema.fields.count)
    }

    /// Sets a field, even to its default, so the serialized model spells out every field;
    /// a `nil` optional is left out, unless its absence would read as a non-`nil` default.
    @inlinable
    public mutating func set<Value>(_ value: Value, for field: ModelField<Value>) {
        let stored = value.modelValue(context: field.context)
        let leftOut = stored.isNull && Value.valueForMissingKey != nil && field.defaultValue == nil
        append(stored, leftOut: leftOut, path: field.path)
    }

    /// The rest of ``set(_:for:)``, not generic.
    @usableFromInline
    mutating func append(_ value: __owned ModelValue, leftOut: Bool, path: [String]) {
        if general == nil, path.count == 1, next < table.keys.count, WireKey.sameBytes(table.keys[next], path[0]) {
            next += 1
            if leftOut {
                if keys == nil { keys = Array(table.keys[..<(next - 1)]) }
            } else {
                builder!.append(value)
                keys?.append(table.keys[next - 1])
            }
            return
        }
        if general == nil { general = takeBuilt() }
        if !leftOut { general!.setValue(value, atPath: path) }
    }

    /// The model's dictionary.
    public consuming func finish() -> ModelDictionary {
        general ?? takeBuilt()
    }

    /// The dictionary of the values set in table order.
    private mutating func takeBuilt() -> ModelDictionary {
        let keys = keys ?? (next == table.keys.count ? table.keys : Array(table.keys[..<next]))
        return builder.take()!.finish(keys: keys, keysToCheck: 0)
    }
}
