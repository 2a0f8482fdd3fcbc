import EtchSchema
import Foundation

/// Finds and reads schema files: files as given, directories for their `.etch` files.
enum SchemaFiles {
    /// The schema file paths of `inputs`, in the order given, each directory's files sorted
    /// by name, without repeats.
    ///
    /// - Throws: `CommandError` for a path that does not exist or a file that is not `.etch`.
    static func paths(of inputs: [String]) throws(CommandError) -> [String] {
        var paths: [String] = []
        var seen: Set<String> = []
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
                throw CommandError("no such file or directory: \(input)")
            }
            var found: [String]
            if isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: input)) ?? []
                found = names.filter { $0.hasSuffix(".etch") }.sorted().map {
                    (input as NSString).appendingPathComponent($0)
                }
            } else {
                guard input.hasSuffix(".etch") else {
                    throw CommandError(
                        "\(input) is not a schema file: schema files end in '.etch'"
                            + (input.hasSuffix("etch.json") ? " (pass etch.json with --config)" : ""))
                }
                found = [input]
            }
            for path in found where seen.insert((path as NSString).standardizingPath).inserted {
                paths.append(path)
            }
        }
        return paths
    }

    /// Reads a schema file.
    ///
    /// - Throws: `CommandError` when the file cannot be read, or, as
    ///   `path:line:column: error: …`, when it is not valid UTF-8.
    static func read(_ path: String) throws(CommandError) -> SchemaSource {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandError("cannot read \(path)")
        }
        if let (line, column, byte) = firstInvalidUTF8(in: data) {
            throw CommandError(
                at: "\(path):\(line):\(column)",
                "the schema is not valid UTF-8 text "
                    + "(byte 0x\(String(byte, radix: 16, uppercase: true)) here); save it as UTF-8")
        }
        return SchemaSource(path: path, text: String(decoding: data, as: UTF8.self))
    }

    /// The 1-based line and column (in bytes) and the value of the first byte that does not
    /// begin a valid UTF-8 sequence, or `nil` when all of `data` is valid.
    static func firstInvalidUTF8(in data: Data) -> (line: Int, column: Int, byte: UInt8)? {
        let bytes = [UInt8](data)
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var line = 1
        var lineStart = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1, encoded.first == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = offset + 1
                }
                offset += encoded.count
            case .error(let length):
                _ = length
                return (line, offset - lineStart + 1, bytes[offset])
            case .emptyInput:
                return nil
            }
        }
    }
}
