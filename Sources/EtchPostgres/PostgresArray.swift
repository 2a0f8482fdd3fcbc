/// Arrays sent as one parameter in PostgreSQL's text format for arrays: `{"a1","b\"2",NULL}`,
/// each element quoted, its `"` and `\` escaped, `nil` as `NULL`. A batch's ids, objects and
/// column values go so, each array one parameter of a statement that reads them with
/// `unnest($1::text[], …)` or `= ANY ($1::text[])`.
enum PostgresArray {
    /// The text of an array of the elements' texts.
    ///
    /// ```swift
    /// PostgresArray.literal(["a1", #"say "hi""#, nil])  // {"a1","say \"hi\"",NULL}
    /// ```
    ///
    /// - Complexity: O(*n*) in the elements' length.
    static func literal(_ elements: [String?]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(elements.reduce(2) { $0 + ($1?.utf8.count ?? 4) + 3 })
        for (position, element) in elements.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            guard let element else {
                bytes.append(contentsOf: "NULL".utf8)
                continue
            }
            bytes.append(UInt8(ascii: "\""))
            for byte in element.utf8 {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { bytes.append(UInt8(ascii: "\\")) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }
}
