#!/usr/bin/env bash
# Builds the libFuzzer targets (Linux, -sanitize=fuzzer,address) and runs them.
#
#   Scripts/fuzz.sh [json|schema|model|all] [seconds per target] [libFuzzer options...]
#
#   Scripts/fuzz.sh                      # every target, 20 s each
#   Scripts/fuzz.sh schema 3600 -jobs=1  # the schema target for an hour
#
# Targets: json (the JSON reader: round trip, equality and hash invariants), schema (parser,
# checker and generator: no crash; a clean schema generates the same text twice), model
# (decoding the Kitchen fixture's generated models from arbitrary bytes, then round trips).
#
# Each target's corpus lives in .build-fuzz-runs/corpus/<target> (kept between runs) and is
# seeded from the repository's schemas and Fuzz/Seeds on every run. An input that breaks an
# invariant or crashes is saved as .build-fuzz-runs/artifacts/<target>/crash-*; replay it with
#   SWIFT_BACKTRACE=enable=no .build-fuzz/release/Etch<Target>Fuzzer <file>
# Set FUZZ_NICE=1 to run the fuzzers under `nice -n 19`; seconds 0 only builds.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

which="${1:-all}"
seconds="${2:-20}"
shift $(($# < 2 ? $# : 2))

case "$which" in
json | schema | model) targets=("$which") ;;
all) targets=(json schema model) ;;
*)
    echo "usage: $0 [json|schema|model|all] [seconds] [libFuzzer options...]" >&2
    exit 2
    ;;
esac

product() {
    case "$1" in
    json) echo EtchJSONFuzzer ;;
    schema) echo EtchSchemaFuzzer ;;
    model) echo EtchModelFuzzer ;;
    esac
}

# lld: gold fails on the instrumented plugin tool ("internal error in format_file_lineno").
build=(swift build -c release --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld)
for target in "${targets[@]}"; do
    ETCH_FUZZ=1 "${build[@]}" --product "$(product "$target")"
done

seed() {
    local target="$1" corpus="$2"
    case "$target" in
    json) cp Fuzz/Seeds/json/*.json "$corpus/" ;;
    model) cp Fuzz/Seeds/model/*.json Fuzz/Seeds/json/*.json "$corpus/" ;;
    schema)
        git ls-files -z '*.etch' | while IFS= read -r -d '' file; do
            cp "$file" "$corpus/$(echo "$file" | tr / _)"
        done
        ;;
    esac
}

nice=()
if [ "${FUZZ_NICE:-0}" = 1 ]; then nice=(nice -n 19); fi

if [ "$seconds" = 0 ]; then exit 0; fi

for target in "${targets[@]}"; do
    corpus="$PWD/.build-fuzz-runs/corpus/$target"
    artifacts="$PWD/.build-fuzz-runs/artifacts/$target"
    mkdir -p "$corpus" "$artifacts"
    seed "$target" "$corpus"
    dictionary=()
    case "$target" in
    json | model) dictionary=(-dict=Fuzz/json.dict) ;;
    schema) dictionary=(-dict=Fuzz/schema.dict) ;;
    esac
    echo "== fuzzing $target for ${seconds} s"
    # Swift's backtracer and ASan both want the crash signals; ASan must have them.
    SWIFT_BACKTRACE=enable=no "${nice[@]}" ".build-fuzz/release/$(product "$target")" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix="$artifacts/" "${dictionary[@]}" "$@" "$corpus"
done
