#!/usr/bin/env bash
# Runs supabase-js's own suites (postgrest-js, and auth-js's admin and client tests) against local-supabase, from a
# checkout of supabase-js OUTSIDE this repository (issue #32 item 6; never commit it or copy its tests here: each
# difference they find becomes a test of local-supabase's own, test/postgrest-compat.test.ts and
# test/auth-admin.test.ts). Offline once the checkout has its dependencies; it says what is missing otherwise.
#
#   git clone https://github.com/supabase/supabase-js ../supabase-js && git -C ../supabase-js checkout 381bded5
#   (cd ../supabase-js && pnpm install)                         # once, online; or the few packages the suites
#                                                               # need in its node_modules (README, Tests)
#   bash local-supabase/bin/supabase-js-suites.sh ../supabase-js [postgres://… for PostgreSQL instead of PGlite]
#
# The suites' URLs name the Supabase CLI's port 54321, a developer's default port on a shared machine: the service
# starts on a free port and supabase-js-port.cjs sends the suites' requests there. Each suite gets the schema,
# seed and config.toml of its own test/supabase folder (a copy, its [api] schemas cut to "public", the one schema
# this service serves, and postgrest-js's PostGIS column made text, as PGlite has no PostGIS: the tests of its
# `personal` schema and of GeoJSON then fail as not applicable): on PGlite a fresh data folder each; with a DATABASE_URL
# (one that may create databases), a database of its own, created and dropped with psql. SUITES=auth-js (or
# postgrest-js) runs one; RESULTS_DIR=<dir> keeps each suite's jest results as <dir>/<suite>.json;
# SUITES_JEST_ARGS adds jest options (-t …).
# The CLI's database grants what `postgres` creates in public to the API roles (its default privileges; this
# repository's migrations grant explicitly instead), so the suites' schemas are given them first.
set -euo pipefail

checkout=${1:?usage: supabase-js-suites.sh <supabase-js checkout> [DATABASE_URL]}
database_url=${2:-}
here=$(cd "$(dirname "$0")/.." && pwd)

for need in packages/core/postgrest-js/test/supabase packages/core/auth-js/test/supabase node_modules/jest; do
  if [ ! -e "$checkout/$need" ]; then
    echo "supabase-js-suites: $checkout/$need is missing: clone supabase-js at 381bded5 and install its dependencies" >&2
    exit 2
  fi
done
if [ "$(git -C "$checkout" rev-parse --short=8 HEAD)" != 381bded5 ]; then
  echo "supabase-js-suites: note: $checkout is not at 381bded5, the commit issue #32 measured" >&2
fi

run_suite() { # <package> <jest file patterns…>
  local package=$1
  shift
  local data suite_db=
  data=$(mktemp -d)
  mkdir "$data/project"
  cp -r "$checkout/packages/core/$package/test/supabase" "$data/project/supabase"
  [ -z "$database_url" ] || suite_db=supabase_js_${package//-/_}_$$
  if [ -d "$data/project/supabase/migrations" ]; then
    # Roles belong to the whole PostgreSQL cluster: the suite's `alter role authenticator set pgrst.…` (which this
    # service reads as PostgREST does) is kept to its own database, so other databases' services never see it.
    sed -i -e '/create extension if not exists postgis/d' -e 's/extensions\.geometry(POINT, 4326)/text/' \
      ${suite_db:+-e "s/^alter role authenticator set/alter role authenticator in database $suite_db set/"} \
      -e "1i $(for kind in tables sequences functions; do
        printf 'alter default privileges in schema public grant all on %s to anon, authenticated, service_role; ' "$kind"
      done)" \
      "$data/project/supabase/migrations"/*.sql
  fi
  sed -i -e 's/^schemas = \[.*\]/schemas = ["public"]/' -e 's/^\[inbucket\]/[local_smtp]/' "$data/project/supabase/config.toml"
  [ -z "$suite_db" ] || psql -q "$database_url" -c "create database $suite_db"
  # The CLI's default secret, which auth-js's suite signs its own tokens with.
  PORT=0 INBUCKET_PORT=0 SUPABASE_DIR="$data/project/supabase" DATA_DIR="$data/pgdata" \
    DATABASE_URL="${suite_db:+${database_url%/*}/$suite_db}" JWT_SECRET=super-secret-jwt-token-with-at-least-32-characters-long \
    node "$here/bin/local-supabase.mjs" >"$data.log" 2>&1 &
  local pid=$!
  local url=
  # PGlite's first start (initdb and the suite's schema) takes minutes on a busy machine.
  for _ in $(seq 600); do
    url=$(sed -n 's/.*ready at \([^ ]*\).*/\1/p' "$data.log")
    [ -n "$url" ] && break
    kill -0 "$pid" 2>/dev/null || { cat "$data.log" >&2; return 1; }
    sleep 1
  done
  if [ -z "$url" ]; then
    kill "$pid"
    echo "supabase-js-suites: the service did not start" >&2
    cat "$data.log" >&2
    return 1
  fi
  # shellcheck disable=SC2086 # SUITES_JEST_ARGS is a list of options
  (cd "$checkout/packages/core/$package" && SUPABASE_JS_SUITE_URL=$url "$checkout/node_modules/.bin/jest" --runInBand \
    --setupFilesAfterEnv "$here/bin/supabase-js-port.cjs" \
    ${RESULTS_DIR:+--json --outputFile="$RESULTS_DIR/$package.json"} ${SUITES_JEST_ARGS:-} "$@") || status=1
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  rm -rf "$data" "$data.log"
  [ -z "$suite_db" ] || psql -q "$database_url" -c "drop database $suite_db"
}

status=0
[ -n "${SUITES:-}" ] && [[ " $SUITES " != *" postgrest-js "* ]] || run_suite postgrest-js basic filters transforms rpc relationships resource-embedding
[ -n "${SUITES:-}" ] && [[ " $SUITES " != *" auth-js "* ]] || run_suite auth-js --testPathIgnorePatterns '\.browser\.' -- GoTrueApi GoTrueClient
exit $status
