#!/usr/bin/env bash
# Makes sure a PostgreSQL server runs on 127.0.0.1:5432 for the backend tests, and prints the connection URL
# on its last line as TEST_DATABASE_URL=... . As root it installs Debian's postgresql when it is missing.
set -euo pipefail

PORT="${PGPORT:-5432}"
ROLE=storefront
PASSWORD=storefront

if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "PostgreSQL is not installed: sudo apt-get install postgresql (or set TEST_DATABASE_URL)" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi

as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then su postgres -s /bin/bash -c "$1"; else bash -c "$1"; fi
}

version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
if ! pg_lsclusters -h 2>/dev/null | grep -q "^$version main"; then
  pg_createcluster "$version" main --port "$PORT" >/dev/null
fi
if ! pg_lsclusters -h | grep -q "^$version main .* online"; then
  pg_ctlcluster "$version" main start
fi

as_postgres "psql -q -p $PORT -tAc \"select 1 from pg_roles where rolname = '$ROLE'\" | grep -q 1 || psql -q -p $PORT -c \"create role $ROLE login superuser password '$PASSWORD'\""
echo "TEST_DATABASE_URL=postgres://$ROLE:$PASSWORD@127.0.0.1:$PORT/postgres"
