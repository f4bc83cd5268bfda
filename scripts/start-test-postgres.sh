#!/usr/bin/env bash
# Starts a throw-away PostgreSQL on 127.0.0.1 and prints its URL. initdb refuses root, so
# the server runs as the postgres user.
set -euo pipefail
port="${PG_TEST_PORT:-54329}"
# Take the next free port if another server already listens there.
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
dir="$(mktemp -d /tmp/mecards-pg.XXXXXX)"
chown postgres "$dir"
runuser -u postgres -- "$bin/initdb" -D "$dir/data" --auth=trust --username=postgres -E UTF8 >/dev/null
runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c max_connections=200 -c fsync=off" start >/dev/null
# Whoever must stop it later learns its folder (pg_ctl -D "$dir/data" stop).
if [ -n "${PG_TEST_DIR_FILE:-}" ]; then echo "$dir" >"$PG_TEST_DIR_FILE"; fi
echo "postgres://postgres@127.0.0.1:$port/postgres"
