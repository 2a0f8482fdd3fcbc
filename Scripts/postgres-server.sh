#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL cluster in a folder: initdb in DIR/data, a server
# listening only on a Unix socket in DIR, run as the unprivileged `postgres` user when this
# script runs as root (CI runs as root, and PostgreSQL refuses to run as root). Installs the
# server and libpq's development files first when they are missing.
#
#   bash Scripts/postgres-server.sh start DIR   # DIR: an empty folder, made when missing
#   bash Scripts/postgres-server.sh stop DIR    # stops the server and removes DIR
#   bash Scripts/postgres-server.sh pause DIR   # stops the server, keeps the cluster
#   bash Scripts/postgres-server.sh start DIR   # after pause: starts the same cluster again
#
# `pause` stops the server as an administrator's restart does (`pg_ctl stop -m fast`: open
# transactions are rolled back, connections ended); the tests of a restarted server use it.
#
# Once started, the cluster takes `host=DIR user=etch dbname=postgres` as its connection
# string. Scripts/test-postgres.sh and `etch-pg-bench --start-server` use it.
set -euo pipefail

usage() { echo "usage: $0 start|stop|pause DIR" >&2; exit 2; }
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
    if [ ! -d "$dir/data" ]; then
        mkdir -p "$dir"
        [ "$(id -u)" = 0 ] && chown postgres: "$dir"
        chmod 700 "$dir"
        echo "== PostgreSQL: a cluster in $dir ($("$bindir/postgres" --version))"
        as_server "$bindir/initdb" -D "$dir/data" -A trust -U etch -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
            || { cat "$dir/initdb.log" >&2; exit 1; }
    fi
    # The tests run many suites at once, each with pools of its own: more connections than
    # PostgreSQL's default 100.
    options="-k $dir -c listen_addresses='' -c max_connections=400"
    # The server keeps none of the files this script inherited but the standard three (a
    # subshell closes them for pg_ctl): a caller that learns the script ended when a socket
    # it gave it closes, as Foundation's `Process` does on Linux, would otherwise wait as
    # long as the server runs.
    (
        for fd in /proc/$BASHPID/fd/*; do
            fd="${fd##*/}"
            if [ "$fd" -gt 2 ] && [ "$fd" != 255 ]; then eval "exec $fd>&-" 2>/dev/null || true; fi
        done
        as_server "$bindir/pg_ctl" -D "$dir/data" -o "$options" -l "$dir/log" start -w >/dev/null
    ) || { cat "$dir/log" >&2; exit 1; }
    ;;
pause)
    find_bindir
    as_server "$bindir/pg_ctl" -D "$dir/data" -m fast stop -w >/dev/null
    ;;
stop)
    find_bindir
    as_server "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
*) usage ;;
esac
