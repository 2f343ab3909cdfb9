#!/usr/bin/env bash
# npm run deploy: the doctor's production checks, the build, the D1 migrations, then the Worker,
# stopping at the first failure. The schema goes first so new code never meets an old schema; a
# migration must therefore also suit the code still running (add first, remove in a later deploy).
#   npm run deploy                                       (needs CLOUDFLARE_API_TOKEN or `wrangler login`)
#   npm run deploy -- --dry-run --offline --secrets-file F  (no Cloudflare: doctor, build, deploy --dry-run)
# Other arguments go to the doctor.
set -euo pipefail
cd "$(dirname "$0")/.."

dry_run=false
doctor_args=()
for arg in "$@"; do
  if [ "$arg" = "--dry-run" ]; then dry_run=true; else doctor_args+=("$arg"); fi
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "== doctor (production)"
node scripts/doctor.mjs --env production ${doctor_args[@]+"${doctor_args[@]}"} | tee "$work/doctor"
report="$(cat "$work/doctor")"

echo "== build"
npm run build

echo "== D1 migrations (production)"
if grep -q "D1 migrations not needed" <<<"$report"; then
  echo "skipped: this configuration keeps data and accounts in Supabase, not D1"
elif [ "$dry_run" = true ]; then
  echo "dry run: would run npx wrangler d1 migrations apply DB --remote --env production"
else
  npx wrangler d1 migrations apply DB --remote --env production
fi
if grep -q "backend Supabase" <<<"$report"; then
  echo "Supabase: its schema is not applied here; run \`supabase db push\` (supabase/migrations/) before this deploy"
fi

echo "== deploy (production)"
if [ "$dry_run" = true ]; then
  npx wrangler deploy --dry-run --env production --outdir "$work/worker"
else
  npx wrangler deploy --env production
fi
