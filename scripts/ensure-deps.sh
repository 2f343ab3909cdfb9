#!/usr/bin/env bash
# Installs node_modules with `npm ci` when they are missing or older than package-lock.json.
# Used by scripts/test.sh and scripts/start.sh; on CI's fresh clone this is the proof that the
# committed lockfile installs as is.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "== install (npm ci)"
  # The lockfile must carry every platform's optional packages or npm ci refuses it.
  if ! node scripts/check-lockfile.mjs || ! npm ci --no-audit --no-fund; then
    echo >&2
    echo "ERROR: installing with npm ci failed: package-lock.json does not install as committed." >&2
    echo "See scripts/check-lockfile.mjs for the usual cause and its fix." >&2
    exit 1
  fi
fi
