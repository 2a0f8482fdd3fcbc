#!/usr/bin/env bash
# Builds and runs IntegrationTests/Consumer: a separate package that depends on Etch by
# path and applies EtchPlugin to two targets (ConsumerApp's schema uses Core's models),
# exactly as a user's package does. Then checks that schema and etch.json edits take effect
# on the next build, runs the etch-generate command plugin, and updates a store file's app.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here/Consumer"
swift build -Xswiftc -warnings-as-errors "$@"
round_trip="$(mktemp -d)"
trap 'rm -rf "$round_trip"' EXIT
swift run -Xswiftc -warnings-as-errors ConsumerApp "$@" --round-trip "$round_trip"
# Real payloads, read and written by Etch, compared value by value by Python's own JSON parser.
pairs=()
for payload in Payloads/*.json; do pairs+=("$payload" "$round_trip/$(basename "$payload")"); done
python3 "$here/check-round-trip.py" "${pairs[@]}"
bash "$here/check-rebuilds.sh" "$@"
bash "$here/check-generate-command.sh" "$@"
bash "$here/check-store-evolution.sh" "$@"
