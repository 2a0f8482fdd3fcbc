#!/usr/bin/env bash
# Runs EtchPostgres's tests against a throwaway PostgreSQL cluster: initdb in a temporary
# folder, a server listening only on a Unix socket in that folder, run as the unprivileged
# `postgres` user (CI runs as root, and PostgreSQL refuses to run as root), stopped and
# removed on exit even when the tests fail. The tests' exit code is the script's.
#
#   bash Scripts/test-postgres.sh                 # the PostgreSQL tests
#   bash Scripts/test-postgres.sh --filter Pool   # more `swift test` arguments
#
# Against another server, skip the script and set the connection string yourself:
#   ETCH_POSTGRES_URL=postgresql://etch@db.example/etch_test swift test --filter EtchPostgresTests
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

echo "== PostgreSQL: the server and libpq's development files"
if ! pkg-config --exists libpq 2>/dev/null || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql libpq-dev pkg-config
fi

# The server's programs: pg_config's when it names a folder with initdb, else the newest
# version installed under /usr/lib/postgresql.
bindir="$(pg_config --bindir 2>/dev/null || true)"
if [ ! -x "$bindir/initdb" ]; then
    bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
fi
if [ ! -x "$bindir/initdb" ]; then
    echo "test-postgres: no initdb found (pg_config --bindir, /usr/lib/postgresql/*/bin)" >&2
    exit 1
fi

# The cluster runs as `postgres` when this script runs as root, as the caller otherwise.
if [ "$(id -u)" = 0 ]; then as_server() { runuser -u postgres -- "$@"; }; else as_server() { "$@"; }; fi

dir="$(mktemp -d "${TMPDIR:-/tmp}/etch-postgres.XXXXXX")"
[ "$(id -u)" = 0 ] && chown postgres: "$dir"
chmod 700 "$dir"
stop() {
    local status=$?
    as_server "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    exit "$status"
}
trap stop EXIT INT TERM

echo "== PostgreSQL: a cluster in $dir ($("$bindir/postgres" --version))"
as_server "$bindir/initdb" -D "$dir/data" -A trust -U etch -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
as_server "$bindir/pg_ctl" -D "$dir/data" -o "-k $dir -c listen_addresses=''" -l "$dir/log" start -w >/dev/null \
    || { cat "$dir/log" >&2; exit 1; }

export ETCH_POSTGRES_URL="host=$dir user=etch dbname=postgres"
echo "== PostgreSQL tests (ETCH_POSTGRES_URL=$ETCH_POSTGRES_URL)"
swift test --filter EtchPostgresTests -Xswiftc -warnings-as-errors "$@"
