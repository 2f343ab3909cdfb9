#!/usr/bin/env node
// Refuses a deploy whose configuration would run wrong (placeholders, test switches on, a missing
// secret, a preview on production's data):
//   npm run doctor -- --env production|preview [--offline --secrets-file FILE] [--name PREVIEW]
// Online, the secret names come from Cloudflare (wrangler); --offline reads them, with values, from
// FILE (.env style or JSON), or without a FILE skips the secrets' checks and says so ("skipped:").
// Exit 0 with "ok", 1 with one line per refusal, 2 on bad usage.
import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { checkDeployConfig } from "./lib/doctor-checks.mjs";
import { listSecretNames, parseSecretsFile, readDeployConfig } from "./lib/deploy-config.mjs";

const usage =
  "Usage: npm run doctor -- --env production|preview [--offline [--secrets-file FILE]] [--name PREVIEW] [--config wrangler.toml]";

/** @type {ReturnType<typeof parseArgs>["values"]} */
let options;
try {
  options = parseArgs({
    options: {
      env: { type: "string" },
      offline: { type: "boolean", default: false },
      "secrets-file": { type: "string" },
      name: { type: "string" },
      config: { type: "string", default: "wrangler.toml" },
    },
  }).values;
} catch (error) {
  console.error(`${/** @type {Error} */ (error).message}\n${usage}`);
  process.exit(2);
}
const target = options.env;
if (target !== "production" && target !== "preview") {
  console.error(usage);
  process.exit(2);
}
const secretsFile = /** @type {string | undefined} */ (options["secrets-file"]);
if (secretsFile !== undefined && !existsSync(secretsFile)) {
  console.error(`--secrets-file ${secretsFile}: no such file (an .env-style or JSON file)\n${usage}`);
  process.exit(2);
}

try {
  const config = await readDeployConfig(target, /** @type {string} */ (options.config));
  const secrets = !options.offline
    ? { names: listSecretNames(target, /** @type {string | undefined} */ (options.name)), values: undefined }
    : secretsFile
      ? parseSecretsFile(readFileSync(secretsFile, "utf8"))
      : { names: undefined, values: undefined };
  const report = checkDeployConfig({ target, ...config, secretNames: secrets.names, secretValues: secrets.values });

  console.log(
    `doctor (${target}${options.offline ? ", offline" : ""}): backend ${report.backend}; D1 migrations ${report.usesD1 ? "needed" : "not needed"}`,
  );
  for (const note of report.notes) console.log(`note: ${note}`);
  for (const warning of report.warnings) console.log(`warning: ${warning}`);
  for (const skipped of report.skipped) console.log(`skipped: ${skipped}`);
  for (const refusal of report.refusals) console.error(`refused: ${refusal}`);
  if (report.refusals.length > 0) {
    console.error(`doctor: ${report.refusals.length} problem(s); nothing was deployed`);
    process.exit(1);
  }
  console.log(`ok: the ${target} configuration passes every check${report.skipped.length > 0 ? " it could make (see skipped)" : ""}`);
} catch (error) {
  console.error(`doctor: ${/** @type {Error} */ (error).message}`);
  process.exit(1);
}
