#!/usr/bin/env bash
# Runs the etch-generate command plugin on the consumer package and checks what it writes.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here/Consumer"
out=.build/etch-generate-check
rm -rf "$out"
swift package -Xswiftc -warnings-as-errors "$@" --allow-writing-to-package-directory etch-generate --output "$out"
fail() {
    echo "check-generate-command: $*" >&2
    exit 1
}
[ -f "$out/Core/People.swift" ] || fail "Core/People.swift missing"
[ -f "$out/ConsumerApp/Shelf.swift" ] || fail "ConsumerApp/Shelf.swift missing"
grep -q "^import Core$" "$out/ConsumerApp/Library.swift" || fail "Library.swift does not import Core"
if grep -q "struct Reader" "$out/ConsumerApp/"*.swift; then fail "Core's Reader was generated again in ConsumerApp"; fi
echo "check-generate-command: OK"
