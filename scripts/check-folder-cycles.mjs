#!/usr/bin/env node
// Fails when two top-level folders of app/ import each other, directly or through others
// (leads -> referrals -> leads, or admin -> leads -> analytics -> admin): a feature imports only
// folders below it (docs/decisions/030-feature-folders-import-downwards.md). scripts/
// check-file-cycles.mjs sees cycles of files; this sees cycles of folders, which grow one
// harmless-looking import at a time. Prints each cycle with the files that make it and exits 1.
// Usage: node scripts/check-folder-cycles.mjs [app folder, default ./app]
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

// Checked: every top-level folder of app/, features and shared layers (utils, platform, data, standing) alike; routes/ and components/ sit above the features and import them by design.
const ABOVE_FEATURES = new Set(["routes", "components"]);

const SOURCE = /\.(ts|tsx|mts|js|jsx|mjs)$/;

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) ? [path] : [];
  });
}

/** The top-level folder of app/ a path lies in; null for the files at the top (root.tsx, entry.*). */
function folderOf(root, path) {
  const parts = relative(root, path).split(sep);
  return parts.length > 1 && parts[0] !== ".." ? parts[0] : null;
}

/** The app path an import names, for the `~/` alias (tsconfig paths) and relative imports; null for packages, #content and #emails. */
function targetOf(root, file, specifier) {
  if (specifier.startsWith("~/")) return join(root, specifier.slice(2));
  if (specifier.startsWith(".")) return resolve(dirname(file), specifier);
  return null;
}

/**
 * The imports between checked folders: Map "from" -> Map "to" -> the importing files. Type-only
 * imports count too: they tie the folders together just the same.
 */
function folderImports(root) {
  const imports = new Map();
  for (const file of sourceFiles(root)) {
    const from = folderOf(root, file);
    if (!from || ABOVE_FEATURES.has(from)) continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    for (const { fileName } of importedFiles) {
      const target = targetOf(root, file, fileName);
      const to = target && folderOf(root, target);
      if (!to || to === from || ABOVE_FEATURES.has(to)) continue;
      if (!imports.has(from)) imports.set(from, new Map());
      const files = imports.get(from).get(to) ?? new Set();
      files.add(file);
      imports.get(from).set(to, files);
    }
  }
  return imports;
}

/**
 * Every elementary cycle of the folder graph, shortest first, each starting at its first folder in
 * alphabetical order: a path from `start` back to it through folders that sort after it only, so
 * each cycle is found once.
 */
export function folderCycles(root) {
  const imports = folderImports(root);
  const folders = [...imports.keys()].sort();
  const cycles = [];
  for (const start of folders) {
    const walk = (path) => {
      const last = path.at(-1);
      for (const next of [...(imports.get(last)?.keys() ?? [])].sort()) {
        if (next === start) cycles.push(path);
        else if (next > start && !path.includes(next)) walk([...path, next]);
      }
    };
    walk([start]);
  }
  return cycles
    .sort((a, b) => a.length - b.length)
    .map((path) => ({
      folders: [...path, path[0]],
      edges: path.map((from, i) => {
        const to = path[(i + 1) % path.length];
        return { from, to, files: [...imports.get(from).get(to)].sort() };
      }),
    }));
}

/** The report: each cycle, then under it each import of the cycle with the files that make it. */
function describeCycles(cycles, cwd = process.cwd()) {
  return cycles.flatMap(({ folders, edges }) => [
    `Import cycle between app folders: ${folders.join(" -> ")}`,
    ...edges.map(({ from, to, files }) => `  ${from} -> ${to}: ${files.map((file) => relative(cwd, file)).join(", ")}`),
  ]);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const root = resolve(process.argv[2] ?? fileURLToPath(new URL("../app", import.meta.url)));
  const cycles = folderCycles(root);
  if (cycles.length === 0) {
    console.log(`No import cycle between the folders of ${relative(process.cwd(), root) || "."}.`);
  } else {
    console.error(describeCycles(cycles).join("\n"));
    console.error(
      `\n${cycles.length} import cycle(s) between folders. A feature imports only folders below it: move the piece both ` +
        "need down (platform/, data/, standing/...) or pass a function in (docs/decisions/030-feature-folders-import-downwards.md).",
    );
    process.exit(1);
  }
}
