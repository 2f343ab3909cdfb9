#!/usr/bin/env bash
# Prints the Chromium the tests drive: $PLAYWRIGHT_CHROMIUM_PATH, else Debian's headless shell
# (/usr/bin/chromium-headless-shell), else /usr/bin/chromium. On a Debian machine with neither, as
# root, installs the headless shell; otherwise stops with a message saying what to install.
# The headless shell runs the suite in about half the time the full browser takes on two cores, and
# is what Playwright itself uses for headless runs. (Playwright's own download fails offline.)
set -euo pipefail
if [ -n "${PLAYWRIGHT_CHROMIUM_PATH:-}" ]; then
  if [ -x "$PLAYWRIGHT_CHROMIUM_PATH" ]; then echo "$PLAYWRIGHT_CHROMIUM_PATH"; exit 0; fi
  echo "PLAYWRIGHT_CHROMIUM_PATH=$PLAYWRIGHT_CHROMIUM_PATH is not an executable file." >&2
  exit 1
fi
for candidate in /usr/bin/chromium-headless-shell /usr/bin/chromium; do
  if [ -x "$candidate" ]; then echo "$candidate"; exit 0; fi
done
if [ -f /etc/debian_version ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium-headless-shell for the browser tests..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  # The full browser where a mirror lacks the shell: slower, same results.
  apt-get install -y -qq chromium-headless-shell >&2 || apt-get install -y -qq chromium >&2
  for candidate in /usr/bin/chromium-headless-shell /usr/bin/chromium; do
    if [ -x "$candidate" ]; then echo "$candidate"; exit 0; fi
  done
fi
cat >&2 <<'MSG'
No Chromium found for the browser tests.
Install one (Debian/Ubuntu: `sudo apt-get install chromium-headless-shell`, or `chromium`) or point
PLAYWRIGHT_CHROMIUM_PATH at a Chromium or Chrome binary, then run `npm test` again.
MSG
exit 1
