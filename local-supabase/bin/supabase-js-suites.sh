#!/usr/bin/env bash
# Runs supabase-js's own suites (postgrest-js, and auth-js's admin and client tests) against local-supabase, from a
# checkout of supabase-js OUTSIDE this repository (issue #32 item 6; never commit it or copy its tests here: each
# difference they find becomes a test of local-supabase's own, test/postgrest-compat.test.ts and
# test/auth-admin.test.ts). Offline once the checkout has its dependencies; it says what is missing otherwise.
#
#   git clone https://github.com/supabase/supabase-js ../supabase-js && git -C ../supabase-js checkout 381bded5
#   (cd ../supabase-js && npm ci)                                # once, online
#   bash local-supabase/bin/supabase-js-suites.sh ../supabase-js [postgres://… for PostgreSQL instead of PGlite]
#
# The suites' URLs are fixed at http://localhost:54321 (the Supabase CLI's port), so the service is started there:
# run it where no `npm start` holds that port. Each suite gets the schema, seed and config.toml of its own
# test/supabase folder: on PGlite a fresh data folder each; with a DATABASE_URL, give an empty database.
set -euo pipefail

checkout=${1:?usage: supabase-js-suites.sh <supabase-js checkout> [DATABASE_URL]}
database_url=${2:-}
here=$(cd "$(dirname "$0")/.." && pwd)

for need in packages/core/postgrest-js/test/supabase packages/core/auth-js/test/supabase node_modules; do
  if [ ! -e "$checkout/$need" ]; then
    echo "supabase-js-suites: $checkout/$need is missing: clone supabase-js at 381bded5 and run npm ci there" >&2
    exit 2
  fi
done
if [ "$(git -C "$checkout" rev-parse --short=8 HEAD)" != 381bded5 ]; then
  echo "supabase-js-suites: note: $checkout is not at 381bded5, the commit issue #32 measured" >&2
fi
if (exec 3<>/dev/tcp/127.0.0.1/54321) 2>/dev/null; then
  echo "supabase-js-suites: something already listens on 54321 (npm start?); stop it first" >&2
  exit 2
fi

run_suite() { # <package> <jest file patterns…>
  local package=$1
  shift
  local data
  data=$(mktemp -d)
  # The CLI's default secret, which auth-js's suite signs its own tokens with.
  PORT=54321 SUPABASE_DIR="$checkout/packages/core/$package/test/supabase" DATA_DIR="$data" \
    DATABASE_URL="$database_url" JWT_SECRET=super-secret-jwt-token-with-at-least-32-characters-long \
    node "$here/bin/local-supabase.mjs" >"$data.log" 2>&1 &
  local pid=$!
  for _ in $(seq 120); do
    grep -q 'ready at' "$data.log" && break
    kill -0 "$pid" 2>/dev/null || { cat "$data.log" >&2; return 1; }
    sleep 1
  done
  (cd "$checkout/packages/core/$package" && npx jest --runInBand "$@") || status=1
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  rm -rf "$data" "$data.log"
}

status=0
run_suite postgrest-js basic filters transforms rpc relationships resource-embedding
run_suite auth-js GoTrueApi GoTrueClient
exit $status
