// libFuzzer's entry point for programs with a `main` of their own: SwiftPM builds every
// executable target with one, so the fuzzers call this instead of linking libFuzzer's main.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
