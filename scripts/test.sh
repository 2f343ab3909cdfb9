#!/usr/bin/env bash
# The test command (README): installs what is needed, then typecheck, Vitest, build, Playwright.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # npm ci rejects this lockfile on npm 11 (platform optional deps it omits); install honours it.
  npm install --no-audit --no-fund
fi
export PLAYWRIGHT_CHROMIUM_PATH="$(bash scripts/find-chromium.sh)"

echo "== typecheck"
npx tsc --noEmit
echo "== unit and integration tests (Vitest)"
npx vitest run
echo "== build"
npm run build
echo "== end-to-end tests (Playwright, JavaScript on and off)"
npx playwright test "$@"
