#!/usr/bin/env node
// `npm test`'s check of the preview build, which has no dry run (`wrangler preview` always uploads):
// wrangler reads wrangler.toml's previews block, and the preview's assets are the build plus a
// _headers that keeps them out of search engines (scripts/preview-assets.mjs). The build's own
// _headers is put back afterwards, so the e2e tests and a deploy see the production build.
import { copyFileSync, existsSync, readFileSync, rmSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { readDeployConfig } from "./lib/deploy-config.mjs";

const headers = "build/client/_headers";
const config = await readDeployConfig("preview");
console.log(`previews block: ${Object.keys(config.vars).length} vars, D1 ${config.previewD1?.database_name ?? "(none)"}`);
if (!config.previewD1 || config.previewD1.database_name === config.d1?.database_name) {
  console.error("the previews block has no D1 of its own");
  process.exit(1);
}

if (!existsSync(headers)) {
  console.error(`${headers} is missing: run npm run build first`);
  process.exit(1);
}
const saved = `${headers}.production`;
copyFileSync(headers, saved);
try {
  const run = spawnSync(process.execPath, ["scripts/preview-assets.mjs"], { stdio: "inherit" });
  if (run.status !== 0) throw new Error("scripts/preview-assets.mjs failed");
  const written = readFileSync(headers, "utf8");
  if (!/^\s*X-Robots-Tag:\s*noindex,\s*nofollow\s*$/im.test(written)) throw new Error(`${headers} has no X-Robots-Tag: noindex, nofollow`);
  const production = readFileSync(saved, "utf8").match(/^\s+[A-Za-z-]+:.*$/gm) ?? [];
  const lost = production.filter((line) => !written.includes(line.trim()));
  if (lost.length > 0) throw new Error(`the preview's ${headers} dropped the build's headers: ${lost.map((l) => l.trim()).join("; ")}`);
  console.log(`preview assets: the build's ${headers} plus X-Robots-Tag: noindex, nofollow`);
} catch (error) {
  console.error(/** @type {Error} */ (error).message);
  process.exitCode = 1;
} finally {
  copyFileSync(saved, headers);
  rmSync(saved);
}
