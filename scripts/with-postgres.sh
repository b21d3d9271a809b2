#!/bin/sh
# Makes sure a local PostgreSQL accepts trust connections on 127.0.0.1:5432, then runs the given
# command, e.g. `scripts/with-postgres.sh node --import tsx --test test/store/*.test.ts`.
# Installs (apt) and starts the Debian/Ubuntu cluster when needed; with TEST_DATABASE_URL set, it
# runs the command at once. Idempotent, non-interactive; runs as
# root, or through sudo when present.
set -eu

# The tests' PostgreSQL is the caller's own (test/support/databases.ts reads TEST_DATABASE_URL):
# nothing to install or start here.
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  if [ "$#" -gt 0 ]; then
    exec "$@"
  fi
  exit 0
fi

HOST=127.0.0.1
PORT=5432
ADMIN_URL="postgres://postgres@$HOST:$PORT/postgres"

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi

log() {
  echo "with-postgres: $*" >&2
}

accepting() {
  pg_isready -q -h "$HOST" -p "$PORT" 2>/dev/null
}

# Reachable without a password, as the tests connect.
trusted() {
  psql "$ADMIN_URL" -w -X -q -t -A -c 'select 1' >/dev/null 2>&1
}

newest_version() {
  ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1
}

wait_until_accepting() {
  tries=0
  until accepting; do
    tries=$((tries + 1))
    if [ "$tries" -gt 30 ]; then
      log "PostgreSQL did not start accepting connections on $HOST:$PORT"
      exit 1
    fi
    sleep 1
  done
}

install_postgres() {
  log "installing PostgreSQL (apt)"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update
  # The package's own start attempt fails harmlessly where there is no init system; we start it below.
  $SUDO apt-get install -y --no-install-recommends postgresql
}

start_cluster() {
  version="$(newest_version)"
  if [ -z "$version" ] || [ ! -d "/etc/postgresql/$version/main" ]; then
    version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
    log "creating cluster $version/main"
    $SUDO pg_createcluster --port "$PORT" "$version" main
  fi
  log "starting cluster $version/main"
  # --skip-systemctl-redirect: containers and CI runners often have no running systemd.
  $SUDO pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  wait_until_accepting
}

trust_localhost() {
  version="$(newest_version)"
  hba="/etc/postgresql/$version/main/pg_hba.conf"
  line="host all all $HOST/32 trust"
  if ! $SUDO grep -qxF "$line" "$hba"; then
    log "trusting $HOST in $hba"
    # First matching line wins in pg_hba.conf, so the trust line goes on top.
    $SUDO sed -i "1i $line" "$hba"
  fi
  $SUDO pg_ctlcluster --skip-systemctl-redirect "$version" main reload
  sleep 1
}

if ! command -v pg_ctlcluster >/dev/null 2>&1 || ! command -v psql >/dev/null 2>&1; then
  install_postgres
fi
if ! accepting; then
  start_cluster
fi
if ! trusted; then
  trust_localhost
  if ! trusted; then
    log "PostgreSQL on $HOST:$PORT still refuses $ADMIN_URL without a password"
    exit 1
  fi
fi

if [ "$#" -gt 0 ]; then
  exec "$@"
fi
