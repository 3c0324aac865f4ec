#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the tests of `omnichess serve`'s PostgreSQL path:
# installs Debian's postgresql if it is missing, makes a cluster in a temporary folder, starts it
# on a free loopback port and prints the URL the tests read from OMNICHESS_TEST_POSTGRES.
#   export OMNICHESS_TEST_POSTGRES=$(bash .ci/postgres.sh)
set -euo pipefail
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  echo "installing postgresql" >&2
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >&2
  BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
fi
DATA=$(mktemp -d /tmp/omnichess-pg.XXXXXX)
run() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}
[ "$(id -u)" = 0 ] && chown postgres "$DATA"
run "$BIN/initdb -D $DATA -U omnichess --auth=trust >/dev/null"
run "$BIN/pg_ctl -D $DATA -o '-p $PORT -k /tmp -c listen_addresses=127.0.0.1' -l $DATA/log -w start >/dev/null"
run "$BIN/createdb -h 127.0.0.1 -p $PORT -U omnichess omnichess"
echo "postgres://omnichess@127.0.0.1:$PORT/omnichess"
