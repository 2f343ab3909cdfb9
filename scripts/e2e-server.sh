#!/usr/bin/env bash
# Starts one wrangler dev server for the Playwright suite on a fresh local D1.
# Usage: e2e-server.sh NAME PORT [--inspector-port N] [--no-card] [--preview-assets] [KEY:VALUE ...]  (extra
# --var overrides, e.g. QA_PAGES:off). The servers and their options are listed in scripts/lib/e2e-servers.mjs.
# --no-card runs the site without the card Worker beside it: its CARD binding then reaches nothing.
# --preview-assets serves a copy of build/client made a preview's by scripts/preview-assets.mjs (its
# _headers gives every asset noindex), as a preview deploy would: the build itself is never changed.
set -euo pipefail
cd "$(dirname "$0")/.."
name="$1"; port="$2"; shift 2
state=".wrangler/e2e-${name}"
rm -rf "$state"
assets=()
inspector=()
configs=(-c wrangler.toml -c workers/card/wrangler.toml)
while [ $# -gt 0 ]; do
  case "$1" in
    --inspector-port) inspector=(--inspector-port "$2"); shift 2 ;;
    # A registry of its own, too: through the shared one, the card Worker of another wrangler dev on
    # this machine would answer its CARD binding.
    --no-card) configs=(-c wrangler.toml); export WRANGLER_REGISTRY_PATH="$state/dev-registry"; shift ;;
    --preview-assets)
      shift
      mkdir -p "$state"
      cp -R build/client "$state/assets"
      node scripts/preview-assets.mjs "$state/assets" >/dev/null
      assets=(--assets "$state/assets")
      ;;
    *) break ;;
  esac
done
npx wrangler d1 migrations apply DB --local --persist-to "$state" >/dev/null
vars=()
for kv in "$@"; do vars+=(--var "$kv"); done
# The card Worker (workers/card) runs beside the site, behind its CARD binding (scripts/start.sh).
exec npx wrangler dev "${configs[@]}" --ip 127.0.0.1 --port "$port" --persist-to "$state" --test-scheduled "${inspector[@]}" "${assets[@]}" \
  --var EMAIL_API_TOKEN:e2e-email-token --var E2E_D1_TOKEN:e2e-d1-token --var WEBHOOK_LOOPBACK:on --var FACT_RETRY_SECONDS:2 --var PIXEL_ID_GENIUS:111111111111111 \
  --var PIXEL_ID_CHAMPION:222222222222222 "${vars[@]}"
