#!/usr/bin/env bash
# The run command (README): install, build, apply local D1 migrations, serve with wrangler dev.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${PORT:-8787}"

bash scripts/ensure-deps.sh
npm run build
# One line per migration applied (wrangler prints its whole table again after each one).
npx node scripts/migrate-local.mjs
BASE="http://127.0.0.1:${PORT}"
echo
echo "Serving on ${BASE}"
echo "  genius:             ${BASE}/"
echo "  champion/icehockey: ${BASE}/?domain=champion&sport=icehockey"
echo "  champion/tennis:    ${BASE}/?domain=champion&sport=tennis"
echo "  e-mail outbox:      ${BASE}/dev/outbox"
echo "  every QA page:      ${BASE}/qa"
echo "  admin console:      ${BASE}/admin/leads (an admin account: see ${BASE}/qa)"
echo
# Both Workers in one process, the card Worker (workers/card) behind the site's CARD binding; the
# first config is the site's, which the port and the flags apply to.
exec npx wrangler dev -c wrangler.toml -c workers/card/wrangler.toml --ip 127.0.0.1 --port "${PORT}" --test-scheduled
