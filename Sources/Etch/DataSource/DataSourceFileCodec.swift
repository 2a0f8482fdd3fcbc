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

    /// Why objects could not be encoded; the message goes into ``DataSourceError``.
    struct Failure: Error {
        var reason: String
    }

    /// Why bytes could not be decoded.
    enum DecodingFailure: Error {
        /// The bytes are not a data source file of this model; the message goes into
        /// ``DataSourceError/damagedFile(_:reason:keptAt:)``.
        case damaged(reason: String)
        /// A data source file of a version newer than ``version``: not damaged, only not
        /// for this code.
        case newerVersion(Int)
    }

    /// What a file held: the objects that decode, and the ones that did not.
    struct Decoded<Element> {
        var objects: [Element]
        var skipped: [DataSourceSkippedObject]
    }

    /// Encodes the objects with the file header.
    ///
    /// - Throws: ``Failure`` naming the first object that cannot be written as JSON (one
    ///   holding an infinite or NaN double), by index and id.
    static func encode<Element: ImmutableModel & Identifiable>(_ objects: [Element]) throws(Failure) -> Data {
        let file: ModelValue = .object([
            "format": .string(format),
            "version": .int(Int64(version)),
            "model": .string(Element.modelName),
            "objects": .array(objects.map { .object($0.dictionary) }),
        ])
        do {
            return try file.jsonData()
        } catch {
            throw unwritableObject(in: objects) ?? Failure(reason: "the objects could not be encoded as JSON: \(error)")
        }
    }

    /// The first object that cannot be written on its own, named; only called once writing
    /// all of them failed, so saves that succeed pay nothing for it.
    private static func unwritableObject<Element: ImmutableModel & Identifiable>(in objects: [Element]) -> Failure? {
        for (index, object) in objects.enumerated() {
            do {
                _ = try ModelValue.object(object.dictionary).jsonBytes()
            } catch {
                let place = error.keyPath.isEmpty ? "" : " at \"\(error.keyPath.keyPathDescription)\""
                return Failure(
                    reason: "object \(index) (id \(String(reflecting: object.id)))\(place): \(error.message)")
            }
        }
        return nil
    }

    /// Decodes a file, keeping every object that decodes.
    ///
    /// - Throws: ``DecodingFailure`` when the bytes are not JSON, the header is wrong, or
    ///   the version is newer than ``version``. An object that does not decode is no
    ///   failure of the file: it is listed in ``Decoded/skipped``.
    static func decode<Element: ImmutableModel>(_ data: Data, as _: Element.Type) throws(DecodingFailure)
        -> Decoded<Element>
    {
        let file: ModelValue
        do {
            file = try ModelValue(jsonData: data)
        } catch {
            throw .damaged(reason: "not valid JSON (\(data.count) bytes): \(error)")
        }
        let values: [ModelValue]
        switch file {
        case .array(let array):
            values = array
        case .object:
            guard file["format"] == .string(format) else {
                throw .damaged(reason: "not a data source file: no \"format\": \"\(format)\" header")
            }
            guard case .int(let fileVersion) = file["version"] else {
                throw .damaged(reason: "unsupported version \(file["version"].map { "\($0)" } ?? "(none)")")
            }
            guard fileVersion <= version else { throw .newerVersion(Int(clamping: fileVersion)) }
            if case .string(let model) = file["model"], model != Element.modelName {
                throw .damaged(reason: "it holds \(model) objects, not \(Element.modelName)")
            }
            guard case .array(let array) = file["objects"] else {
                throw .damaged(reason: "\"objects\" is not an array")
            }
            values = array
        default:
            throw .damaged(reason: "expected an array or an object at the top level, found \(file.kindDescription)")
        }
        var decoded = Decoded<Element>(objects: [], skipped: [])
        decoded.objects.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            guard case .object(let dictionary) = value else {
                decoded.skipped.append(
                    DataSourceSkippedObject(
                        index: index, id: nil, reason: "expected an object, found \(value.kindDescription)")
                )
                continue
            }
            do {
                decoded.objects.append(try Element(dictionary: dictionary))
            } catch {
                decoded.skipped.append(DataSourceSkippedObject(index: index, id: dictionary["id"], reason: "\(error)"))
            }
        }
        return decoded
    }
}
