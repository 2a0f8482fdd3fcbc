import Etch

/// Called by libFuzzer for each input: reads arbitrary bytes as JSON. Whatever reads must write, read
/// back equal with an equal hash, and write the same bytes again, in every writing style.
func fuzzJSON(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    guard let value = try? ModelValue(jsonBytes: bytes) else { return 0 }
    guard value == value else { fail("a value read from JSON is not equal to itself", bytes) }
    let styles: [JSONWritingOptions] = [[], .prettyPrinted, .sortedKeys, .escapingSlashes]
    for options in styles {
        let written: [UInt8]
        do {
            written = try value.jsonBytes(options: options)
        } catch {
            fail("writing with \(options.rawValue) failed: \(error)", bytes)
        }
        let reread: ModelValue
        do {
            reread = try ModelValue(jsonBytes: written)
        } catch {
            fail("re-reading \(String(decoding: written, as: UTF8.self)) failed: \(error)", bytes)
        }
        guard reread == value else {
            fail("round trip changed the value: \(String(decoding: written, as: UTF8.self))", bytes)
        }
        guard reread.hashValue == value.hashValue else { fail("equal values hash differently", bytes) }
        guard (try? reread.jsonBytes(options: options)) == written else {
            fail("writing the re-read value gave other bytes", bytes)
        }
    }
    return 0
}

/// Stops the run with the input that broke an invariant; libFuzzer saves it as a crash.
func fail(_ message: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Never {
    fatalError("\(message)\ninput: \(Array(bytes))")
}
