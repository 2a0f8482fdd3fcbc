#!/usr/bin/env bash
# Checks the JSON reader's numbers against the standard library's Double(String) and the
# reader's exact decision (.double, .int, .uint or .number) on millions of random numbers:
# FloatParsingTests' random test, with ETCH_FLOAT_EXHAUSTIVE=1.
#
#     Scripts/float-check.sh [count] [seed]     # default: 10,000,000 numbers, the test's seed
#
# Builds the tests in release mode (several minutes the first time); set ETCH_FLOAT_DEBUG=1
# to run the debug build instead, which is ready sooner but checks about 20,000 numbers a second.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export ETCH_FLOAT_EXHAUSTIVE=1
if [[ -n "${1:-}" ]]; then export ETCH_FLOAT_COUNT="$1"; fi
if [[ -n "${2:-}" ]]; then export ETCH_FLOAT_SEED="$2"; fi
configuration=release
if [[ "${ETCH_FLOAT_DEBUG:-}" == "1" ]]; then configuration=debug; fi
swift test -c "$configuration" --filter 'FloatParsingTests/randomNumbers' 2>&1 \
    | grep -a -E 'FloatParsingTests:|passed|failed|error|recorded an issue' \
    | grep -v -E 'Executed 0 tests'
