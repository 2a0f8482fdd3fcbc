#!/usr/bin/env bash
# Checks the JSON reader's numbers against the standard library's Double(String) and the
# reader's exact decision (.double, .int, .uint or .number) on millions of random numbers:
# FloatParsingTests' random test, with ETCH_FLOAT_EXHAUSTIVE=1.
#
#     Scripts/float-check.sh [count] [seed]     # default: 10,000,000 numbers, the test's seed
#
# The debug build checks about 25,000 numbers a second, so the default takes some 7 minutes.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export ETCH_FLOAT_EXHAUSTIVE=1
if [[ -n "${1:-}" ]]; then export ETCH_FLOAT_COUNT="$1"; fi
if [[ -n "${2:-}" ]]; then export ETCH_FLOAT_SEED="$2"; fi
swift test --filter 'FloatParsingTests/randomNumbers' 2>&1 \
    | grep -a -E 'FloatParsingTests:|passed after|failed|error|recorded an issue'
