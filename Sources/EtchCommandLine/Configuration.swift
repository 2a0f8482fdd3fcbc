import EtchGenerator
import Foundation

/// A target's `etch.json`: where its schemas are beyond its own directory, and how to
/// generate them.
///
/// ```json
/// { "schemas": ["../../Schemas"], "accessLevel": "internal" }
/// ```
///
/// The `etch` command reads it on every run (the plugin passes `--config`), so an edit takes
/// effect on the next build. Unknown keys are errors, so a misspelt setting is not ignored.
struct Configuration: Equatable {
    /// The keys `etch.json` may hold.
    static let keys = ["schemas", "accessLevel"]

    /// The schema directories (or files) listed, resolved against the file's directory.
    var schemas: [String] = []
    /// The access level of the generated types, when the file sets it.
    var accessLevel: AccessLevel?

    /// Reads and validates the file at `path`.
    ///
    /// - Throws: `CommandError` naming the file when it cannot be read, is not a JSON
    ///   object, has an unknown key, or a value of the wrong type.
    init(contentsOf path: String) throws(CommandError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandError(at: path, "cannot read the configuration file")
        }
        let object: [String: Any]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw CommandError(at: path, "etch.json must hold a JSON object, as in {\"schemas\": [\"../Schemas\"]}")
            }
            object = parsed
        } catch let error as CommandError {
            throw error
        } catch {
            throw CommandError(at: path, "etch.json is not valid JSON: \(error.localizedDescription)")
        }
        for key in object.keys.sorted() where !Self.keys.contains(key) {
            throw CommandError(
                at: path,
                "unknown key '\(key)' in etch.json; the keys are \(Self.keys.map { "'\($0)'" }.joined(separator: ", "))"
            )
        }
        let directory = (path as NSString).deletingLastPathComponent
        if let value = object["schemas"] {
            guard let list = value as? [String] else {
                throw CommandError(at: path, "'schemas' must be an array of paths, as in [\"../Schemas\"]")
            }
            schemas = list.map {
                ($0 as NSString).isAbsolutePath ? $0 : (directory as NSString).appendingPathComponent($0)
            }
        }
        if let value = object["accessLevel"] {
            guard let text = value as? String, let level = AccessLevel(rawValue: text) else {
                throw CommandError(
                    at: path, "'accessLevel' must be \"public\", \"package\" or \"internal\", found \(value)")
            }
            accessLevel = level
        }
    }
}
