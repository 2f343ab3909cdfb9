#!/usr/bin/env bash
# The test command (README): npm ci when needed, then worker types check, typecheck, lint, Vitest,
# build, Playwright.
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
echo "== format (Prettier)"
npx prettier --check . --log-level warn
echo "== unit and integration tests (Vitest)"
npx vitest run
echo "== build"
npm run build
echo "== end-to-end tests (Playwright, JavaScript on and off)"
npx playwright test "$@"
