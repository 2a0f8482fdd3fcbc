#!/usr/bin/env bash
# Builds and runs IntegrationTests/Consumer: a separate package that depends on Etch by
# path and applies EtchPlugin to two targets (ConsumerApp's schema uses Core's models),
# exactly as a user's package does. Then checks that schema and etch.json edits take effect
# on the next build, and runs the etch-generate command plugin.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here/Consumer"
swift build -Xswiftc -warnings-as-errors "$@"
swift run -Xswiftc -warnings-as-errors ConsumerApp "$@"
bash "$here/check-rebuilds.sh" "$@"
bash "$here/check-generate-command.sh" "$@"
