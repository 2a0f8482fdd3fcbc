import Foundation
import FuzzerDriver

// libFuzzer runs `fuzzJSON` on every input; see Scripts/fuzz.sh.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzJSON(data, size) })
