#!/usr/bin/env bash
# Runs the server tests against a real, throwaway PostgreSQL cluster (PGlite runs one transaction
# at a time and cannot catch a missing lock; PostgreSQL can).
#   bash scripts/pg-test.sh [extra jest args]
#   bash scripts/pg-test.sh --run <command...>   any command instead of jest, with DATABASE_URL set (npm run bench)
#   PG_PROFILE=<file> bash scripts/pg-test.sh --run ...   opt-in database-side profile: loads
#     pg_stat_statements, logs lock waits, and when the command ends writes to <file> the top
#     statements by total time (calls, mean ms, rows) and the tables' sequential vs index scans
# Needs the Debian postgresql package (/usr/lib/postgresql/<version>/bin). Works as root (the
# cluster runs as the postgres user) or as an ordinary user.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)

PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "pg-test: PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin (apt-get install -y postgresql)" >&2
  exit 2
fi

# run a command as the cluster owner: postgres refuses to run as root
if [ "$(id -u)" = "0" ]; then
  as_pg() { runuser -u postgres -- "$@"; }
else
  as_pg() { "$@"; }
fi

PGDATA_DIR=$(mktemp -d -t pgtest.XXXXXX)
[ "$(id -u)" = "0" ] && chown postgres: "$PGDATA_DIR"
chmod 700 "$PGDATA_DIR"

cleanup() {
  as_pg "$PG_BIN/pg_ctl" -D "$PGDATA_DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$PGDATA_DIR"
}
trap cleanup EXIT INT TERM

# a free port on 127.0.0.1, picked by the kernel
PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

as_pg "$PG_BIN/initdb" -D "$PGDATA_DIR/data" -U postgres -A trust -E UTF8 --no-locale >"$PGDATA_DIR/initdb.log" 2>&1 || {
  cat "$PGDATA_DIR/initdb.log" >&2
  exit 2
}
# fsync off: a throwaway cluster needs speed, not durability
PROFILE_OPTS=""
if [ -n "${PG_PROFILE:-}" ]; then
  PROFILE_OPTS="-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all -c log_lock_waits=on -c deadlock_timeout=50ms"
fi
as_pg "$PG_BIN/pg_ctl" -D "$PGDATA_DIR/data" -l "$PGDATA_DIR/server.log" -w -t 30 \
  -o "-p $PORT -c listen_addresses=127.0.0.1 -k $PGDATA_DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 $PROFILE_OPTS" \
  start >/dev/null || {
  cat "$PGDATA_DIR/server.log" >&2
  exit 2
}
as_pg "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres attendee_test
if [ -n "${PG_PROFILE:-}" ]; then
  as_pg "$PG_BIN/psql" -q -h 127.0.0.1 -p "$PORT" -U postgres -d attendee_test -c "CREATE EXTENSION pg_stat_statements"
fi

echo "pg-test: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"
set +e
if [ "${1:-}" = "--run" ]; then
  shift
  DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/attendee_test" "$@"
else
  DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/attendee_test" npx jest -c "$ROOT/server/jest.config.js" "$@"
fi
code=$?
if [ -n "${PG_PROFILE:-}" ]; then
  {
    echo "== top statements by total time (pg_stat_statements)"
    as_pg "$PG_BIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -d attendee_test -P pager=off -c \
      "SELECT calls, round(total_exec_time::numeric, 1) AS total_ms, round(mean_exec_time::numeric, 3) AS mean_ms, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 220) AS query FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 40"
    echo "== scans per table"
    as_pg "$PG_BIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -d attendee_test -P pager=off -c \
      "SELECT relname, seq_scan, seq_tup_read, idx_scan, n_tup_ins, n_tup_upd, n_live_tup FROM pg_stat_user_tables ORDER BY seq_tup_read DESC LIMIT 20"
    echo "== lock waits logged"
    grep -c "still waiting for" "$PGDATA_DIR/data/log/"* "$PGDATA_DIR/server.log" 2>/dev/null || true
    grep -h "still waiting for" "$PGDATA_DIR/server.log" 2>/dev/null | sed 's/^.*LOG: *//' | sort | uniq -c | sort -rn | head -20 || true
  } >"$PG_PROFILE" 2>&1
  echo "pg-test: database profile in $PG_PROFILE"
fi
set -e
exit $code
