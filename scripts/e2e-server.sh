#!/usr/bin/env bash
# Starts one wrangler dev server for the Playwright suite on a fresh local D1.
# Usage: e2e-server.sh NAME PORT [KEY:VALUE ...]  (extra --var overrides, e.g. QA_PAGES:off)
set -euo pipefail
cd "$(dirname "$0")/.."
name="$1"; port="$2"; shift 2
state=".wrangler/e2e-${name}"
rm -rf "$state"
npx wrangler d1 migrations apply DB --local --persist-to "$state" >/dev/null
vars=()
for kv in "$@"; do vars+=(--var "$kv"); done
exec npx wrangler dev --ip 127.0.0.1 --port "$port" --persist-to "$state" --test-scheduled \
  --var EMAIL_API_TOKEN:e2e-email-token --var PIXEL_ID_GENIUS:111111111111111 \
  --var PIXEL_ID_CHAMPION:222222222222222 "${vars[@]}"
