#!/usr/bin/env node
// Makes a built assets folder a preview's: its _headers gives every static file
// `X-Robots-Tag: noindex, nofollow`. The assets layer serves files before the Worker runs, so the
// Worker's own noindex (PREVIEW_MODE=on) never reaches them; this file's rules do. Only this step
// writes the header: `npm run build` copies public/_headers, which never has it, so a production
// build cannot carry it. Run after the build, before `wrangler preview` (or on a copy, as
// scripts/e2e-server.sh does for the e2e preview server).
// Usage: node scripts/preview-assets.mjs [ASSETS_DIR]   (default build/client)
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const PREVIEW_HEADER = "X-Robots-Tag: noindex, nofollow";

/**
 * The _headers text with the preview's header on the `/*` rule (added to that rule when there is
 * one, a new rule otherwise); a text that already has it is returned as it is.
 */
export function withPreviewNoindex(text) {
  if (text.split("\n").some((line) => line.trim() === PREVIEW_HEADER)) return text;
  const lines = text.split("\n");
  const rule = lines.findIndex((line) => line.trim() === "/*" && !/^\s/.test(line));
  if (rule === -1) return `${text}${text && !text.endsWith("\n") ? "\n" : ""}/*\n  ${PREVIEW_HEADER}\n`;
  let end = rule + 1;
  while (end < lines.length && /^\s+\S/.test(lines[end])) end += 1;
  lines.splice(end, 0, `  ${PREVIEW_HEADER}`);
  return lines.join("\n");
}

/** Writes the preview header into DIR/_headers; returns the file's path. */
export function markPreviewAssets(dir) {
  if (!existsSync(dir)) throw new Error(`${dir} does not exist: run npm run build first`);
  const file = join(dir, "_headers");
  writeFileSync(file, withPreviewNoindex(existsSync(file) ? readFileSync(file, "utf8") : ""));
  return file;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? "build/client");
  console.log(`preview assets: ${markPreviewAssets(dir)} gives every asset "${PREVIEW_HEADER}"`);
}
