#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the database tests, on loopback only.
#
#   eval "$(bash scripts/ci/pg-test-cluster.sh start)"   # exports TEST_DATABASE_URL
#   npm run test:pg
#   bash scripts/ci/pg-test-cluster.sh stop              # stops it and deletes its files
#
# Uses Debian's `postgresql` package (apt-get install -y postgresql). initdb refuses to run as
# root, so as root the cluster runs as the unprivileged `postgres` system user. Trust auth is
# fine here: the server listens on 127.0.0.1 only and lives for one test run. Logs go to stderr;
# stdout carries only the export line, so `eval` is safe.
set -euo pipefail

STATE_DIR="${PG_TEST_STATE_DIR:-${TMPDIR:-/tmp}/optiq-pg-test}"
STATE_FILE="$STATE_DIR/state"

log() { echo "pg-test-cluster: $*" >&2; }

find_bin() {
  local dir
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [ -z "$dir" ] || [ ! -x "$dir/initdb" ]; then
    log "PostgreSQL binaries not found under /usr/lib/postgresql/*/bin (apt-get install -y postgresql)"
    exit 1
  fi
  echo "$dir"
}

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

as_owner() {
  if [ "$(id -u)" = "0" ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

start() {
  if [ -f "$STATE_FILE" ]; then
    # shellcheck disable=SC1090
    . "$STATE_FILE"
    if as_owner "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
      log "already running on port $PORT"
      echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
      return
    fi
  fi
  local bin port data
  bin="$(find_bin)"
  port="${PG_TEST_PORT:-54329}"
  while ! port_free "$port"; do port=$((port + 1)); done
  mkdir -p "$STATE_DIR"
  data="$(mktemp -d "${TMPDIR:-/tmp}/optiq-pg-data.XXXXXX")"
  if [ "$(id -u)" = "0" ]; then chown postgres: "$data"; fi
  chmod 700 "$data"

  log "initdb in $data"
  as_owner "$bin/initdb" -D "$data" -U postgres -A trust -E UTF8 --no-locale >/dev/null
  log "starting on 127.0.0.1:$port"
  as_owner "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$data -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null
  printf 'BIN=%q\nDATA=%q\nPORT=%q\n' "$bin" "$data" "$port" >"$STATE_FILE"
  echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
}

stop() {
  if [ ! -f "$STATE_FILE" ]; then
    log "not running"
    return
  fi
  # shellcheck disable=SC1090
  . "$STATE_FILE"
  as_owner "$BIN/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$DATA" "$STATE_FILE"
  log "stopped and removed"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  url)
    [ -f "$STATE_FILE" ] || { log "not running"; exit 1; }
    # shellcheck disable=SC1090
    . "$STATE_FILE"
    echo "postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  *)
    echo "usage: $0 start|stop|url" >&2
    exit 2
    ;;
esac
