import EtchGenerator
import EtchSchema

/// Called by libFuzzer for each input: arbitrary bytes as schema files (a NUL byte starts the next of up
/// to three files). Parsing, checking and generating must never crash; a schema is checked
/// exactly when no error is reported; every diagnostic has a place; and generating twice
/// gives the same text.
func fuzzSchema(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
    let sources = parts.enumerated().map { index, part in
        SchemaSource(path: "F\(index).etch", text: String(decoding: part, as: UTF8.self))
    }
    let result = Schema(sources: sources).checked()
    let paths = Set(sources.map(\.path))
    for diagnostic in result.diagnostics {
        let location = diagnostic.location
        guard paths.contains(location.path), location.line >= 1, location.column >= 1 else {
            fail("diagnostic without a place in the input: \(diagnostic)", bytes)
        }
    }
    guard (result.schema != nil) != result.diagnostics.containsErrors else {
        fail("a schema was \(result.schema == nil ? "refused without an error" : "checked despite errors")", bytes)
    }
    guard let schema = result.schema else { return 0 }
    let pipeline = GeneratorPipeline()
    let first = pipeline.generate(schema)
    guard first == pipeline.generate(schema), first == pipeline.run(sources).files else {
        fail("generating twice gave different text", bytes)
    }
    let registries = pipeline.options.generatesRegistry ? 1 : 0
    guard first.count == sources.count + registries else {
        fail("not one generated file per schema file, plus the registry", bytes)
    }
    return 0
}

/// Stops the run with the input that broke an invariant; libFuzzer saves it as a crash.
func fail(_ message: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Never {
    fatalError("\(message)\ninput: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
}
