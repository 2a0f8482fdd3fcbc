#!/usr/bin/env bash
# Runs EtchPostgres's tests against a throwaway PostgreSQL cluster (Scripts/postgres-server.sh:
# initdb in a temporary folder, a server listening only on a Unix socket in that folder, run
# as the unprivileged `postgres` user), stopped and removed on exit even when the tests fail,
# with the clusters of their own that the tests of a restarted server make in it
# ($ETCH_POSTGRES_CLUSTERS), then a smoke run of etch-pg-bench (a tiny count) against the
# same cluster. The tests' exit code is the script's.
#
#   bash Scripts/test-postgres.sh                 # the PostgreSQL tests
#   bash Scripts/test-postgres.sh --filter Pool   # more `swift test` arguments
#
# Against another server, skip the script and set the connection string yourself:
#   ETCH_POSTGRES_URL=postgresql://etch@db.example/etch_test swift test --filter EtchPostgresTests
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

dir="$(mktemp -d "${TMPDIR:-/tmp}/etch-postgres.XXXXXX")"
stop() {
    local status=$?
    # A test that crashed or hung leaves its own cluster running: stop it before its folder goes.
    for cluster in "$dir"/clusters/*/; do
        [ -d "$cluster" ] && bash Scripts/postgres-server.sh stop "${cluster%/}"
    done
    bash Scripts/postgres-server.sh stop "$dir"
    exit "$status"
}
trap stop EXIT INT TERM

bash Scripts/postgres-server.sh start "$dir"

export ETCH_POSTGRES_URL="host=$dir user=etch dbname=postgres"
# Where the tests that stop and start a server make clusters of their own (PostgresTestCluster).
export ETCH_POSTGRES_CLUSTERS="$dir/clusters"
mkdir -p "$ETCH_POSTGRES_CLUSTERS"
echo "== PostgreSQL tests (ETCH_POSTGRES_URL=$ETCH_POSTGRES_URL)"
swift test --filter EtchPostgresTests -Xswiftc -warnings-as-errors "$@"

echo "== PostgreSQL benchmark smoke run (etch-pg-bench --quick)"
swift build --product etch-pg-bench -Xswiftc -warnings-as-errors
"$(swift build --show-bin-path)/etch-pg-bench" --quick --url "$ETCH_POSTGRES_URL"
