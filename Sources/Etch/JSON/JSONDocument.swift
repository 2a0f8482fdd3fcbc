import Foundation

/// Runs JSON reading over the bytes of `Data` or a `String` without copying them.
enum JSONDocument {
    static func withBytes<T>(
        of data: Data, _ body: (UnsafeBufferPointer<UInt8>) throws(JSONError) -> T
    ) throws(JSONError) -> T {
        let result = data.withUnsafeBytes { raw in
            Result { () throws(JSONError) in try body(raw.bindMemory(to: UInt8.self)) }
        }
        return try result.get()
    }

    static func withBytes<T>(
        of string: String, _ body: (UnsafeBufferPointer<UInt8>) throws(JSONError) -> T
    ) throws(JSONError) -> T {
        var string = string
        let result = string.withUTF8 { buffer in Result { () throws(JSONError) in try body(buffer) } }
        return try result.get()
    }
}
