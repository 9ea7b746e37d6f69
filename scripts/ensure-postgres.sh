#!/usr/bin/env bash
# Makes sure a PostgreSQL server runs on 127.0.0.1:$PGPORT (5432) with a superuser the backend tests can use,
# and prints the connection URL on its last line as TEST_DATABASE_URL=... . Idempotent: run it as often as you
# like. As root it installs Debian's postgresql when the server or its cluster tools are missing.
set -euo pipefail

PORT="${PGPORT:-5432}"
ROLE=storefront
PASSWORD=storefront

is_root() { [ "$(id -u)" -eq 0 ]; }

if ! command -v pg_ctlcluster >/dev/null 2>&1 || ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  if ! is_root; then
    echo "PostgreSQL is not installed: sudo apt-get install postgresql (or set TEST_DATABASE_URL)" >&2
    exit 1
  fi
  echo "installing Debian's postgresql..." >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi

# The cluster on our port, or a new one of the newest installed version.
read -r version name < <(pg_lsclusters -h | awk -v port="$PORT" '$3 == port { print $1, $2; exit }') || true
if [ -z "${version:-}" ]; then
  version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
  name=main
  if pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" { found = 1 } END { exit !found }'; then
    name=storefront # a 'main' cluster of that version exists on another port: leave it alone
  fi
  pg_createcluster "$version" "$name" --port "$PORT" >/dev/null
fi
if ! pg_lsclusters -h | awk -v v="$version" -v n="$name" '$1 == v && $2 == n && $4 ~ /online/ { found = 1 } END { exit !found }'; then
  pg_ctlcluster "$version" "$name" start
fi

for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p "$PORT" && break
  sleep 1
done

as_postgres() {
  if is_root; then su postgres -s /bin/bash -c "$1"; else bash -c "$1"; fi
}
# Created once; its password and rights are (re)set every time, so a changed role cannot break the tests.
as_postgres "psql -q -p $PORT -d postgres -v ON_ERROR_STOP=1 <<'SQL'
do \$\$
begin
  if not exists (select 1 from pg_roles where rolname = '$ROLE') then
    create role $ROLE login superuser password '$PASSWORD';
  else
    alter role $ROLE login superuser password '$PASSWORD';
  end if;
end
\$\$;
SQL"
echo "TEST_DATABASE_URL=postgres://$ROLE:$PASSWORD@127.0.0.1:$PORT/postgres"
