// A version whose schema the stored notes cannot satisfy: the store refuses to open, names
// the model, the field, how many notes and the fix, and leaves the file as it was (which
// `check-store-evolution.sh` checks byte for byte).
import Etch
import EtchStore
import Foundation

do {
    _ = try Store(url: URL(fileURLWithPath: CommandLine.arguments[1]), models: EtchModels.all)
    FileHandle.standardError.write(Data("notes v2-breaking: the store opened\n".utf8))
    exit(1)
} catch {
    guard case .incompatibleSchema(_, "Note", "priority", 2, _, _, let fix) = error, fix.contains("default") else {
        FileHandle.standardError.write(Data("notes v2-breaking: unexpected error \(error)\n".utf8))
        exit(1)
    }
    print("notes v2-breaking: refused as expected: \(error)")
}
