#!/usr/bin/env bash
# Failover (issue 37, decision 089; docs/deployment.md): once the primary is gone, promote the
# synchronous standby and point PgBouncer at it. The instances keep their connections to PgBouncer
# and reach the new primary with their next transaction; nothing on them changes.
#
#   deploy/promote-standby.sh STANDBY_DATA_DIR NEW_PRIMARY_HOST NEW_PRIMARY_PORT [PGBOUNCER_INI]
#
# Run it on the standby's host (pg_ctl promote is local), as root or as the postgres user; with
# PgBouncer elsewhere, run the last two steps there (or pass its ini over a shared mount).
# It refuses to promote while the old primary still answers: two primaries must never take writes.
# OLD_PRIMARY_HOST/OLD_PRIMARY_PORT (optional) name the old primary for that check.
# PG_BIN: PostgreSQL's programs (default: the newest /usr/lib/postgresql/*/bin).
set -euo pipefail

standby_data=${1:?standby data directory}
new_host=${2:?new primary host}
new_port=${3:?new primary port}
ini=${4:-/etc/pgbouncer/pgbouncer.ini}
PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}

as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }

if [ -n "${OLD_PRIMARY_HOST:-}" ] && "$PG_BIN/pg_isready" -q -h "$OLD_PRIMARY_HOST" -p "${OLD_PRIMARY_PORT:-5432}" -t 2; then
  echo "the old primary $OLD_PRIMARY_HOST:${OLD_PRIMARY_PORT:-5432} still answers: not promoting" >&2
  exit 2
fi

# 1. The standby becomes the primary (it has every commit that was acknowledged: synchronous commit).
as_pg "'$PG_BIN/pg_ctl' -D '$standby_data' -w -t 60 promote"

# 2. It now runs alone: it must not wait for a standby that does not exist yet.
as_pg "'$PG_BIN/psql' -X -q -h '$new_host' -p '$new_port' -U postgres -d postgres -c \"ALTER SYSTEM SET synchronous_standby_names = ''\" -c 'SELECT pg_reload_conf()'" >/dev/null

# 3. PgBouncer's two pools (deploy/pgbouncer.ini) point at the new primary; a reload closes the old
#    server connections as they come free and opens new ones there.
if [ -f "$ini" ]; then
  sed -i -E "s/^(sparkle(_session)? = )host=[^ ]+ port=[0-9]+ /\1host=$new_host port=$new_port /" "$ini"
  pidfile=$(sed -n -E 's/^pidfile = (.+)$/\1/p' "$ini")
  kill -HUP "$(cat "$pidfile")"
fi
echo "promoted $standby_data; PgBouncer now points at $new_host:$new_port"
