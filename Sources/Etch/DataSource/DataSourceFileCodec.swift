import Foundation

/// Turns a data source's objects into file bytes and back.
///
/// The file is a small header around a JSON array of the models' dictionaries:
///
/// ```json
/// {"format":"etch.datasource","version":1,"model":"TaskItem","objects":[{"id":"a",…},…]}
/// ```
///
/// A bare JSON array of dictionaries is read too. It goes through Etch's own JSON reader
/// and writer, so every key of every object, declared or not, is kept exactly.
enum DataSourceFileCodec {
    static let format = "etch.datasource"
    static let version = 1

    /// Why bytes are not a data source file; the message goes into ``DataSourceError``.
    struct Failure: Error {
        var reason: String
    }

    static func encode<Element: ImmutableModel>(_ objects: [Element]) throws(Failure) -> Data {
        let file: ModelValue = .object([
            "format": .string(format),
            "version": .int(Int64(version)),
            "model": .string(Element.modelName),
            "objects": .array(objects.map { .object($0.dictionary) }),
        ])
        do {
            return try file.jsonData()
        } catch {
            throw Failure(reason: "the objects could not be encoded as JSON: \(error)")
        }
    }

    static func decode<Element: ImmutableModel>(_ data: Data, as _: Element.Type) throws(Failure) -> [Element] {
        let file: ModelValue
        do {
            file = try ModelValue(jsonData: data)
        } catch {
            throw Failure(reason: "not valid JSON (\(data.count) bytes): \(error)")
        }
        let values: [ModelValue]
        switch file {
        case .array(let array):
            values = array
        case .object:
            guard file["format"] == .string(format) else {
                throw Failure(reason: "not a data source file: no \"format\": \"\(format)\" header")
            }
            guard case .int(let fileVersion) = file["version"], fileVersion <= version else {
                throw Failure(reason: "unsupported version \(file["version"].map { "\($0)" } ?? "(none)")")
            }
            if case .string(let model) = file["model"], model != Element.modelName {
                throw Failure(reason: "it holds \(model) objects, not \(Element.modelName)")
            }
            guard case .array(let array) = file["objects"] else {
                throw Failure(reason: "\"objects\" is not an array")
            }
            values = array
        default:
            throw Failure(reason: "expected an array or an object at the top level, found \(file.kindDescription)")
        }
        var objects: [Element] = []
        objects.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            guard case .object(let dictionary) = value else {
                throw Failure(reason: "object \(index): expected an object, found \(value.kindDescription)")
            }
            do {
                objects.append(try Element(dictionary: dictionary))
            } catch {
                throw Failure(reason: "object \(index): \(error)")
            }
        }
        return objects
    }
}
