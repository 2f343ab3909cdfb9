#!/usr/bin/env bash
# npm run deploy: the doctor's production checks, the build, the D1 migrations, then the card Worker
# (workers/card) and the site's Worker that binds it, stopping at the first failure. The schema goes first so new code never meets an old schema; a
# migration must therefore also suit the code still running (add first, remove in a later deploy).
#   npm run deploy                   (needs CLOUDFLARE_API_TOKEN or `wrangler login`)
#   npm run deploy -- --dry-run      (uploads nothing; without CLOUDFLARE_API_TOKEN it reads nothing from
#                                     Cloudflare either: doctor offline, build, the migrations it would
#                                     apply, `wrangler deploy --dry-run`; says what it skipped; exit 0 unless
#                                     the build or the bundle fails; the doctor's refusals are reported)
#   npm run deploy -- --dry-run --offline --secrets-file F   (the secrets checked from F)
# Other arguments go to the doctor.
set -euo pipefail
cd "$(dirname "$0")/.."

dry_run=false
offline=false
doctor_args=()
for arg in "$@"; do
  case "$arg" in
    --dry-run) dry_run=true ;;
    --offline) offline=true && doctor_args+=("$arg") ;;
    *) doctor_args+=("$arg") ;;
  esac
done
# Without a token wrangler would stop to ask for a login: a dry run checks the configuration offline instead.
if [ "$dry_run" = true ] && [ "$offline" = false ] && [ -z "${CLOUDFLARE_API_TOKEN:-}" ]; then
  offline=true
  doctor_args+=(--offline)
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "== doctor (production)"
doctor_status=0
node scripts/doctor.mjs --env production ${doctor_args[@]+"${doctor_args[@]}"} | tee "$work/doctor" || doctor_status=$?
# Bad usage stops every run; a refusal stops a deploy, while a dry run goes on to check the rest.
if [ "$doctor_status" -ne 0 ] && { [ "$dry_run" = false ] || [ "$doctor_status" -ne 1 ]; }; then exit "$doctor_status"; fi
report="$(cat "$work/doctor")"

echo "== build"
npm run build

echo "== D1 migrations (production)"
if grep -q "D1 migrations not needed" <<<"$report"; then
  echo "skipped: this configuration keeps data and accounts in Supabase, not D1"
elif [ "$dry_run" = true ]; then
  echo "dry run: a deploy applies those of these production does not have yet:"
  for file in migrations/*.sql; do echo "  ${file#migrations/}"; done
  echo "skipped: remote migrations (a dry run neither reads which production has nor applies any; a deploy runs npx wrangler d1 migrations apply DB --remote --env production)"
else
  npx wrangler d1 migrations apply DB --remote --env production
fi
if grep -q "backend Supabase" <<<"$report"; then
  echo "Supabase: its schema is not applied here; run \`supabase db push\` (supabase/migrations/) before this deploy"
fi

# The card Worker first: the site's CARD binding names it (docs/decisions/047-card-worker.md).
echo "== deploy (production): the card Worker, then the site"
if [ "$dry_run" = true ]; then
  npx wrangler deploy --dry-run -c workers/card/wrangler.toml --env production --outdir "$work/card"
  npx wrangler deploy --dry-run --env production --outdir "$work/worker"
  if [ "$doctor_status" -ne 0 ]; then
    echo "dry run: nothing was deployed; the doctor refused the configuration (see above), where a deploy would stop"
  else
    echo "dry run: nothing was deployed; the build and both bundles passed"
  fi
else
  npx wrangler deploy -c workers/card/wrangler.toml --env production
  npx wrangler deploy --env production
fi
