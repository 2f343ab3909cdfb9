#!/usr/bin/env bash
# The test command (README): installs what is needed, then typecheck, Vitest, build, Playwright.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-deps.sh
export PLAYWRIGHT_CHROMIUM_PATH="$(bash scripts/find-chromium.sh)"

echo "== typecheck"
npx tsc --noEmit
echo "== unit and integration tests (Vitest)"
npx vitest run
echo "== build"
npm run build
echo "== end-to-end tests (Playwright, JavaScript on and off)"
npx playwright test "$@"
