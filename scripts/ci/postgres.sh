#!/usr/bin/env bash
# A throwaway PostgreSQL server for the sandbox's PostgreSQL test suites, on a Unix socket only (no TCP port).
#
#   eval "$(scripts/ci/postgres.sh start)"   # installs PostgreSQL from Debian if missing, starts it, exports
#                                            # DATABASE_URL (and PG_SCRATCH, its folder)
#   npm test                                 # the money suites then run on PGlite and on this server
#   scripts/ci/postgres.sh stop              # stops the server of $PG_SCRATCH and removes its folder
#
# initdb refuses root, so the cluster belongs to the `postgres` user. Each start makes a folder of its own
# (/tmp/casino-pg.XXXXXX, or $PG_SCRATCH when set), so two runs on one machine never share a server. Prints only
# the export lines on stdout; progress goes to stderr.
set -euo pipefail
say() { printf '%s\n' "$*" >&2; }

pg_bin() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && { printf '%s\n' "$dir"; return 0; }
  done
  return 1
}

as_postgres() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi
}

start() {
  if ! bin=$(pg_bin); then
    say "Installing PostgreSQL from Debian…"
    export DEBIAN_FRONTEND=noninteractive
    # Keep the packaged service from starting on install: this script runs its own throwaway cluster.
    if [ "$(id -u)" = 0 ] && [ ! -e /usr/sbin/policy-rc.d ]; then
      printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
    fi
    apt-get update -qq >&2
    apt-get install -y -qq --no-install-recommends postgresql >/dev/null
    bin=$(pg_bin)
  fi
  local scratch="${PG_SCRATCH:-}"
  if [ -n "$scratch" ]; then
    stop_in "$scratch"
    mkdir -p "$scratch"
  else
    scratch=$(mktemp -d /tmp/casino-pg.XXXXXX)
  fi
  mkdir -p "$scratch/data" "$scratch/socket"
  if [ "$(id -u)" = 0 ]; then chown -R postgres:postgres "$scratch"; fi
  as_postgres "'$bin/initdb' -D '$scratch/data' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >'$scratch/initdb.log' 2>&1"
  as_postgres "'$bin/pg_ctl' -D '$scratch/data' -l '$scratch/server.log' -w -o \"-c listen_addresses='' -c unix_socket_directories='$scratch/socket' -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off\" start >&2"
  local encoded
  encoded=$(node -e 'process.stdout.write(encodeURIComponent(process.argv[1]))' "$scratch/socket")
  say "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on $scratch/socket"
  printf 'export PG_SCRATCH=%q\n' "$scratch"
  printf 'export DATABASE_URL=%q\n' "postgresql://postgres@${encoded}/postgres"
}

# Stops the server of a folder (if one runs there) and removes the folder.
stop_in() {
  local scratch="$1" bin
  if bin=$(pg_bin) && [ -f "$scratch/data/postmaster.pid" ]; then
    as_postgres "'$bin/pg_ctl' -D '$scratch/data' -m fast stop >&2" || true
  fi
  rm -rf "$scratch"
}

case "${1:-}" in
  start) start ;;
  stop)
    [ -n "${PG_SCRATCH:-}" ] || { say "PG_SCRATCH is not set: nothing to stop"; exit 0; }
    stop_in "$PG_SCRATCH"
    ;;
  *) say "usage: $0 start|stop"; exit 2 ;;
esac
