// Knip: unused files, exports and dependencies; `npm run knip`, and a step of `npm test` that fails
// on any finding. An entry in an ignore list below carries its reason.
import { readFileSync } from "node:fs";

// No file-based routing (app/routes.ts is the table): the route modules are the ones the table
// names in route(), index() and layout(), so a module in app/routes/ that no route uses is reported.
const routeTable = readFileSync(new URL("./app/routes.ts", import.meta.url), "utf8");
const routeModules = [...routeTable.matchAll(/\b(?:route\(\s*"[^"]*",|index\(|layout\()\s*"([^"]+)"/g)].map((match) => `app/${match[1]}`);
if (routeModules.length === 0) throw new Error("knip.ts: no route() call found in app/routes.ts");

export default {
  // Run by hand or by package.json scripts (the Worker entry comes from wrangler.toml's main).
  // stubs/ stand in for packages in the Worker bundle (wrangler.toml [alias]). The card Worker's
  // entry is workers/card/wrangler.toml's main.
  entry: ["scripts/*.mjs", "bench/*.mjs", "stubs/*.mjs", "workers/card/index.ts"],
  project: ["**/*.{ts,tsx,mts,js,mjs}", "app/**/*.css"],
  remix: {
    entry: ["app/routes.ts", "app/root.tsx", "app/entry.client.tsx", "app/entry.server.tsx", ...routeModules],
  },
  // Tailwind is a dependency through the stylesheets' `@import "tailwindcss"`.
  compilers: {
    css: (text: string) => [...text.matchAll(/(?<=@)import[^;]+/g)].map((match) => match[0]).join("\n"),
  },
  // ImageMagick, from Debian, for scripts/make-images.mjs.
  ignoreBinaries: ["convert"],
};
