#!/usr/bin/env bash
# `npm run supabase:push [-- flags]`: applies supabase/migrations with the Supabase CLI.
#   SUPABASE_DB_URL set:   to that database, `supabase db push --remote=<url>` (CLI 3.x spelling of
#                          the deprecated `--db-url`; no Docker, no Supabase account needed).
#   SUPABASE_DB_URL unset: to the project linked with `supabase link`, `supabase db push --remote`.
# Extra flags pass through, e.g. `npm run supabase:push -- --include-seed --dry-run`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

cli=node_modules/.bin/supabase
[ -x "$cli" ] || { echo "The Supabase CLI is not installed: run npm install" >&2; exit 1; }

if [ -n "${SUPABASE_DB_URL:-}" ]; then
  exec "$cli" db push --remote="$SUPABASE_DB_URL" "$@"
fi
exec "$cli" db push --remote "$@"
