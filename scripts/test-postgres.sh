#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the test suite: `start` prints an export line for
# TEST_DATABASE_URL, `stop` removes the cluster. Uses Debian's postgresql package.
set -euo pipefail

PGDIR=${TEST_PG_DIR:-/tmp/fc-rideshare-test-pg}
PORT=${TEST_PG_PORT:-54329}
BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$BIN" ] || { echo "PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 1; }

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-start}" in
  start)
    if [ -f "$PGDIR/data/postmaster.pid" ] && as_postgres "$BIN/pg_ctl" -D "$PGDIR/data" status >/dev/null 2>&1; then
      :
    else
      rm -rf "$PGDIR"
      mkdir -p "$PGDIR"
      [ "$(id -u)" = 0 ] && chown postgres "$PGDIR"
      as_postgres "$BIN/initdb" -D "$PGDIR/data" -U postgres --auth=trust -E UTF8 >/dev/null
      as_postgres "$BIN/pg_ctl" -D "$PGDIR/data" -l "$PGDIR/server.log" -w \
        -o "-p $PORT -k $PGDIR -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off" start >/dev/null
    fi
    echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    as_postgres "$BIN/pg_ctl" -D "$PGDIR/data" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$PGDIR"
    ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
