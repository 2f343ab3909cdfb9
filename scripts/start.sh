#!/usr/bin/env bash
# The run command (README): install, build, apply local D1 migrations, serve with wrangler dev.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${PORT:-8787}"

bash scripts/ensure-deps.sh
npm run build
npx wrangler d1 migrations apply DB --local
echo
echo "Serving on http://127.0.0.1:${PORT}"
echo "  genius:            http://127.0.0.1:${PORT}/"
echo "  champion/icehockey: http://127.0.0.1:${PORT}/?domain=champion&sport=icehockey"
echo "  champion/tennis:    http://127.0.0.1:${PORT}/?domain=champion&sport=tennis"
echo "  e-mail outbox:      http://127.0.0.1:${PORT}/dev/outbox"
echo
exec npx wrangler dev --ip 127.0.0.1 --port "${PORT}" --test-scheduled
