#!/usr/bin/env bash
# Times Etch's `.normal` one-object commit (etch-bench's durability row) and GRDB 7.10's
# one-row commit (Peers/GRDBCommit) in alternation, ROUNDS times (default 3), on this
# machine: the comparison issue 24's `.normal` bar makes (at most twice GRDB's commit).
# Needs the network or a local copy of GRDB for the peer's first build; Etch's CI never
# runs it.
#
#   bash Scripts/compare-grdb-commit.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
rounds=${1:-3}
swift build -c release --product etch-bench >/dev/null
swift build -c release --package-path Peers/GRDBCommit >/dev/null
etch=.build/release/etch-bench
grdb=Peers/GRDBCommit/.build/release/GRDBCommit
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for round in $(seq "$rounds"); do
    echo "== round $round, load $(cut -d' ' -f1-3 /proc/loadavg)"
    "$etch" --filter durability 2>&1 | grep -E "^store commit|one by one" | sed "s/^ *//"
    "$grdb" "$scratch"
done
