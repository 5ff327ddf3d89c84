#!/usr/bin/env bash
# Starts the PostgreSQL cluster of Debian's postgresql package (creating one if the package made
# none), gives its superuser a password for TCP connections, and prints a DATABASE_URL for it.
# Used by CI to prove the server runs on an existing PostgreSQL (the non-embedded path).
# Needs root (or the postgres user) and `apt-get install postgresql` (scripts/setup.sh does it).
set -euo pipefail

password="${REPTEMPLE_PG_PASSWORD:-reptemple-ci}"
port="${REPTEMPLE_PG_PORT:-5432}"

as_postgres() {
  if [ "$(id -un)" = postgres ]; then "$@"; else runuser -u postgres -- "$@"; fi
}

if ! command -v pg_lsclusters >/dev/null 2>&1; then
  echo "start-debian-postgres: Debian's postgresql package is not installed (apt-get install postgresql)" >&2
  exit 1
fi

cluster="$(pg_lsclusters --no-header | awk 'NR==1 {print $1" "$2}')"
if [ -z "$cluster" ]; then
  version="$(ls /usr/lib/postgresql | sort -V | tail -1)"
  echo "start-debian-postgres: creating cluster $version/main" >&2
  pg_createcluster --port "$port" "$version" main >&2
  cluster="$version main"
fi
read -r version name <<<"$cluster"
status="$(pg_lsclusters --no-header | awk -v v="$version" -v n="$name" '$1==v && $2==n {print $4}')"
if [ "$status" != online ]; then
  echo "start-debian-postgres: starting cluster $version/$name" >&2
  pg_ctlcluster "$version" "$name" start >&2
fi
port="$(pg_lsclusters --no-header | awk -v v="$version" -v n="$name" '$1==v && $2==n {print $3}')"
as_postgres psql --quiet --port "$port" --dbname postgres --command "alter user postgres with password '$password'" >&2
echo "postgres://postgres:${password}@127.0.0.1:${port}/postgres"
