#!/usr/bin/env bash
# Prints the Chromium the tests drive: $PLAYWRIGHT_CHROMIUM_PATH, else /usr/bin/chromium.
# On a Debian machine where neither exists and we are root, installs Debian's chromium;
# otherwise stops with a message saying what to install. (Playwright's own download fails offline.)
set -euo pipefail
if [ -n "${PLAYWRIGHT_CHROMIUM_PATH:-}" ]; then
  if [ -x "$PLAYWRIGHT_CHROMIUM_PATH" ]; then echo "$PLAYWRIGHT_CHROMIUM_PATH"; exit 0; fi
  echo "PLAYWRIGHT_CHROMIUM_PATH=$PLAYWRIGHT_CHROMIUM_PATH is not an executable file." >&2
  exit 1
fi
if [ -x /usr/bin/chromium ]; then echo /usr/bin/chromium; exit 0; fi
if [ -f /etc/debian_version ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq chromium >&2
  echo /usr/bin/chromium
  exit 0
fi
cat >&2 <<'MSG'
No Chromium found for the browser tests.
Install one (Debian/Ubuntu: `sudo apt-get install chromium`) or point PLAYWRIGHT_CHROMIUM_PATH
at a Chromium or Chrome binary, then run `npm test` again.
MSG
exit 1
