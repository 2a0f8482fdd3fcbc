#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL cluster in a folder: initdb in DIR/data, a server
# listening only on a Unix socket in DIR, run as the unprivileged `postgres` user when this
# script runs as root (CI runs as root, and PostgreSQL refuses to run as root). Installs the
# server and libpq's development files first when they are missing.
#
#   bash Scripts/postgres-server.sh start DIR   # DIR: an empty folder, made when missing
#   bash Scripts/postgres-server.sh stop DIR    # stops the server and removes DIR
#
# Once started, the cluster takes `host=DIR user=etch dbname=postgres` as its connection
# string. Scripts/test-postgres.sh and `etch-pg-bench --start-server` use it.
set -euo pipefail

usage() { echo "usage: $0 start|stop DIR" >&2; exit 2; }
[ $# = 2 ] || usage
command="$1"
dir="$2"

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# The server's programs: pg_config's when it names a folder with initdb, else the newest
# version installed under /usr/lib/postgresql.
find_bindir() {
    bindir="$(pg_config --bindir 2>/dev/null || true)"
    if [ ! -x "$bindir/initdb" ]; then
        bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
    fi
}

# The cluster runs as `postgres` when this script runs as root, as the caller otherwise.
if [ "$(id -u)" = 0 ]; then as_server() { runuser -u postgres -- "$@"; }; else as_server() { "$@"; }; fi

case "$command" in
start)
    echo "== PostgreSQL: the server and libpq's development files"
    if ! pkg-config --exists libpq 2>/dev/null || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
        as_root apt-get update -qq
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql libpq-dev pkg-config
    fi
    find_bindir
    if [ ! -x "$bindir/initdb" ]; then
        echo "postgres-server: no initdb found (pg_config --bindir, /usr/lib/postgresql/*/bin)" >&2
        exit 1
    fi
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres: "$dir"
    chmod 700 "$dir"
    echo "== PostgreSQL: a cluster in $dir ($("$bindir/postgres" --version))"
    as_server "$bindir/initdb" -D "$dir/data" -A trust -U etch -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; exit 1; }
    # Tests run in parallel, each with a pool and listeners of its own: more than the default 100.
    as_server "$bindir/pg_ctl" -D "$dir/data" -o "-k $dir -c listen_addresses='' -c max_connections=300" \
        -l "$dir/log" start -w >/dev/null \
        || { cat "$dir/log" >&2; exit 1; }
    ;;
stop)
    find_bindir
    as_server "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
*) usage ;;
esac
