#!/usr/bin/env bash
# Builds and runs IntegrationTests/Consumer: a separate package that depends on Etch by
# path and applies EtchPlugin, exactly as a user's package does.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here/Consumer"
swift build -Xswiftc -warnings-as-errors "$@"
swift run ConsumerApp "$@"
