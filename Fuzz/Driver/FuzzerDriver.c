// The declaration in include/FuzzerDriver.h is all this target provides; libFuzzer, linked by
// `-sanitize=fuzzer`, defines the function.
#include "FuzzerDriver.h"
