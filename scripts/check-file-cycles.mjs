#!/usr/bin/env node
// Fails when source files import each other, directly or through others (a.ts -> b.ts -> a.ts):
// a cycle makes module initialisation order matter (a value read before its module has run) and
// ties the server and client graphs together. Only imports that load a module count: `import
// type` and `export type` vanish from the build and cannot make a cycle run. Static imports,
// re-exports and dynamic `import()` count. It replaces ESLint's import-x/no-cycle, which
// resolved every import of every file once per file and was two thirds of the lint's time.
// Prints each cycle as its files in import order and exits 1.
// Usage: node scripts/check-file-cycles.mjs [root, default the repository]
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

const SOURCE = /\.(ts|tsx|mts|js|jsx|mjs)$/;
const EXTENSIONS = [".ts", ".tsx", ".mts", ".js", ".jsx", ".mjs"];
/** Generated, installed or recorded elsewhere (as .prettierignore). */
const SKIPPED = new Set(["node_modules", "build", "dist", "public", ".wrangler", ".cache", "test-results", "playwright-report", ".git"]);
/** tsconfig's paths. */
const ALIASES = [
  ["~/", "app/"],
  ["#content/", "content/"],
  ["#emails/", "emails/"],
];

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    if (SKIPPED.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The file an import names, as Vite and tsc resolve it; null for packages and missing files. */
function resolveImport(root, file, specifier) {
  const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
  let base;
  if (alias) base = join(root, alias[1], specifier.slice(alias[0].length));
  else if (specifier.startsWith(".")) base = resolve(dirname(file), specifier);
  else return null;
  const stem = base.replace(/\.(js|mjs|jsx)$/, "");
  const candidates = [base, ...EXTENSIONS.map((ext) => stem + ext), ...EXTENSIONS.map((ext) => join(base, `index${ext}`))];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

/** The modules a file loads when it runs: value imports, re-exports and dynamic imports. */
function loadedSpecifiers(file) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      if (!typeOnly && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node)) {
      if (!node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every cycle of the file graph, one per strongly connected group of files, as a path through it back to its start. */
export function fileCycles(root) {
  const files = sourceFiles(root);
  const edges = new Map(
    files.map((file) => [
      file,
      [
        ...new Set(
          loadedSpecifiers(file)
            .map((s) => resolveImport(root, file, s))
            .filter(Boolean),
        ),
      ].sort(),
    ]),
  );
  // Tarjan's strongly connected components: a group of two or more files, or a file importing itself, holds a cycle.
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const connect = (file) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file), low.get(next)));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), index.get(next)));
    }
    if (low.get(file) === index.get(file)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1 || (edges.get(file) ?? []).includes(file)) groups.push(new Set(group));
    }
  };
  for (const file of [...files].sort()) if (!index.has(file)) connect(file);

  // One readable cycle per group: the shortest way from its first file back to it, within the group.
  return groups
    .map((group) => {
      const start = [...group].sort()[0];
      const previous = new Map([[start, null]]);
      const queue = [start];
      while (queue.length) {
        const file = queue.shift();
        for (const next of edges.get(file) ?? []) {
          if (next === start) {
            const path = [];
            for (let at = file; at !== null; at = previous.get(at)) path.unshift(at);
            return [...path, start].map((path) => relative(root, path));
          }
          if (group.has(next) && !previous.has(next)) {
            previous.set(next, file);
            queue.push(next);
          }
        }
      }
      return [start, start].map((path) => relative(root, path));
    })
    .sort((a, b) => a.length - b.length || a[0].localeCompare(b[0]));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const root = resolve(process.argv[2] ?? fileURLToPath(new URL("..", import.meta.url)));
  const cycles = fileCycles(root);
  if (cycles.length === 0) {
    console.log("No import cycle between source files.");
  } else {
    for (const cycle of cycles) console.error(`Import cycle: ${cycle.join(" -> ")}`);
    console.error(
      `\n${cycles.length} import cycle(s) between files. Move what both need into a module of its own, or import its type only.`,
    );
    process.exit(1);
  }
}
