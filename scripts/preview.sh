#!/usr/bin/env bash
# npm run preview: a Worker Preview of this branch (wrangler.toml [env.production.previews]) on
# its own workers.dev URL and its own D1: the doctor's preview checks, the build with the branch
# and commit, the preview's _headers (noindex), the previews' D1 migrations, then `wrangler preview`.
# Prints the URL (and writes url= to $GITHUB_OUTPUT in GitHub Actions). Other arguments go to the
# doctor; --dry-run stops before anything reaches Cloudflare. A preview binds production's card Worker
# (workers/card, ADR 047: it holds no data), so `npm run deploy` must have deployed it once.
set -euo pipefail
cd "$(dirname "$0")/.."

dry_run=false
doctor_args=()
for arg in "$@"; do
  if [ "$arg" = "--dry-run" ]; then dry_run=true; else doctor_args+=("$arg"); fi
done

# A pull request's checkout is a detached merge commit: GitHub names the branch in GITHUB_HEAD_REF.
BUILD_BRANCH="${BUILD_BRANCH:-${GITHUB_HEAD_REF:-$(git rev-parse --abbrev-ref HEAD)}}"
# The commit checked out, not GITHUB_SHA (a pull request's merge commit); the ribbon shortens it.
BUILD_COMMIT="${BUILD_COMMIT:-$(git rev-parse HEAD)}"
export BUILD_BRANCH BUILD_COMMIT
# The preview's name becomes part of a hostname: lower-case letters, digits and dashes.
name="$(printf '%s' "$BUILD_BRANCH" | tr '[:upper:]' '[:lower:]' | sed -E 's/[^a-z0-9]+/-/g; s/^-+//; s/-+$//' | cut -c1-40)"
name="${name%-}"
if [ -z "$name" ] || [ "$name" = "head" ]; then
  echo "preview: no branch name (detached HEAD?): set BUILD_BRANCH" >&2
  exit 2
fi

echo "== doctor (preview $name)"
node scripts/doctor.mjs --env preview --name "$name" ${doctor_args[@]+"${doctor_args[@]}"}

echo "== build ($BUILD_BRANCH @ ${BUILD_COMMIT:0:7})"
npm run build

echo "== preview assets"
# Static files never reach the Worker: their noindex comes from the assets' _headers.
node scripts/preview-assets.mjs

if [ "$dry_run" = true ]; then
  echo "dry run: would run npx wrangler d1 migrations apply DB --remote --env preview"
  echo "dry run: would run npx wrangler preview --env production --name $name --json"
  exit 0
fi

echo "== D1 migrations (the previews' database)"
npx wrangler d1 migrations apply DB --remote --env preview

echo "== preview"
# The build stamped branch and commit into the bundle (__BUILD_INFO__); the Worker reads no vars for them.
json="$(npx wrangler preview --env production --name "$name" --json)"
url="$(node --input-type=module -e '
  import { previewUrlFromJson } from "./scripts/lib/deploy-config.mjs";
  console.log(previewUrlFromJson(process.argv[1]));
' "$json")"
echo "Preview: $url"
if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "url=$url" >>"$GITHUB_OUTPUT"; fi
