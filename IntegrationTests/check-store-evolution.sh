#!/usr/bin/env bash
# An app update on a store file, as a user meets it: version 1 of the consumer's notes app
# writes a file; a version whose schema the notes cannot satisfy is refused and leaves the
# file byte for byte as it was; version 2 (a field renamed, a type widened, fields and
# indexes added) opens it without migration code.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here/Consumer"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
file="$work/notes.sqlite"
swift run -Xswiftc -warnings-as-errors "$@" NotesV1 "$file"
cp "$file" "$work/before.sqlite"
swift run -Xswiftc -warnings-as-errors "$@" NotesV2Breaking "$file"
cmp "$file" "$work/before.sqlite" || { echo "check-store-evolution: the refused open changed the file" >&2; exit 1; }
swift run -Xswiftc -warnings-as-errors "$@" NotesV2 "$file"
