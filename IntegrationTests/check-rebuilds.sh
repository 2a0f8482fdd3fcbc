#!/usr/bin/env bash
# Edits the consumer package the way a user does and checks that each edit takes effect on
# the next `swift build`, without touching Package.swift: a schema added to a folder that
# etch.json lists, an edit to it, an edit to etch.json, and an unknown key in etch.json.
# Every edit is undone on exit. Run by run-consumer.sh after a first build.
#
# Removing a schema file from a listed folder is the one edit that needs SwiftPM to plan the
# build again (it stops with "missing inputs" once the file was planned as an input), so the
# last step removes the file and touches Package.swift, as the README says.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here/Consumer"
flags=(-Xswiftc -warnings-as-errors "$@")
config=Sources/ConsumerApp/etch.json
added=Schemas/AddedLater.etch
saved_config="$(cat "$config")"
restore() {
    printf '%s\n' "$saved_config" >"$config"
    if [ -e "$added" ]; then
        rm -f "$added"
        touch Package.swift
    fi
}
trap restore EXIT

fail() {
    echo "check-rebuilds: $*" >&2
    exit 1
}
generated() {
    find .build/plugins/outputs -type d -path '*/ConsumerApp/destination/EtchPlugin/GeneratedSources' | head -n 1
}

# `swift run` planned a build of one product; plan the whole package's build now, so the
# next step sees a plan that predates the added file.
swift build "${flags[@]}"

echo "== a schema added to a folder that etch.json lists is generated and compiled"
printf 'model AddedLater {\n    let id: String\n    var reader: Reader?\n}\n' >"$added"
output="$(swift build "${flags[@]}" 2>&1)" || fail "build failed: $output"
if grep -q "Planning build" <<<"$output"; then
    echo "(SwiftPM planned the build again: the schema got a file of its own)"
    grep -q "struct AddedLater: Etch.CopyableModel" "$(generated)"/*.swift || fail "AddedLater was not generated"
else
    # The plan predates the file: its Swift must be in the extra output.
    echo "(the plan predates the schema: it went into EtchAddedSchemas.swift)"
    grep -q "struct AddedLater: Etch.CopyableModel" "$(generated)/EtchAddedSchemas.swift" ||
        fail "AddedLater is not in EtchAddedSchemas.swift"
fi

echo "== an edit to that schema is generated"
printf 'model AddedLater {\n    let id: String\n    var reader: Reader?\n    var note: String = ""\n}\n' >"$added"
swift build "${flags[@]}"
grep -q "var note: Swift.String" "$(generated)"/*.swift || fail "the edit to AddedLater.etch was not generated"

echo "== an edit to etch.json applies"
printf '{ "schemas": ["../../Schemas"], "accessLevel": "internal" }\n' >"$config"
swift build "${flags[@]}"
grep -q "^struct Book: Etch.CopyableModel" "$(generated)/Library.swift" || fail "accessLevel internal did not apply"

echo "== an unknown key in etch.json is an error naming the file"
printf '{ "schemas": ["../../Schemas"], "acessLevel": "internal" }\n' >"$config"
if output="$(swift build "${flags[@]}" 2>&1)"; then fail "a build with an unknown key in etch.json passed"; fi
grep -q "etch.json: error: unknown key 'acessLevel'" <<<"$output" || fail "unexpected output: $output"

echo "== back to the committed files"
restore
swift build "${flags[@]}"
grep -q "^public struct Book: Etch.CopyableModel" "$(generated)/Library.swift" || fail "accessLevel public did not come back"
if grep -q "struct AddedLater" "$(generated)"/*.swift; then fail "the removed AddedLater.etch is still compiled"; fi
echo "check-rebuilds: OK"
