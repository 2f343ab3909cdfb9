// Knip: unused files, exports and dependencies; `npm run knip`, and a step of `npm test` that fails
// on any finding. An entry in an ignore list below carries its reason.
import { readFileSync } from "node:fs";

// File-based routing is off (remix.config.ts ignores every route file): the route modules are the
// ones the explicit route table names, so a module in app/routes/ that no route uses is reported.
const routeTable = readFileSync(new URL("./remix.config.ts", import.meta.url), "utf8");
const routeModules = [...routeTable.matchAll(/\broute\(\s*"[^"]*",\s*"([^"]+)"/g)].map((match) => `app/${match[1]}`);
if (routeModules.length === 0) throw new Error("knip.ts: no route() call found in remix.config.ts");

export default {
  // Run by hand or by package.json scripts (the Worker entry comes from wrangler.toml's main).
  entry: ["scripts/*.mjs", "bench/*.mjs"],
  project: ["**/*.{ts,tsx,mts,js,mjs}", "app/**/*.css"],
  remix: {
    entry: ["app/root.tsx", "app/entry.client.tsx", "app/entry.server.tsx", ...routeModules],
  },
  // Tailwind is a dependency through the stylesheets' `@import "tailwindcss"`.
  compilers: {
    css: (text: string) => [...text.matchAll(/(?<=@)import[^;]+/g)].map((match) => match[0]).join("\n"),
  },
  // ImageMagick, from Debian, for scripts/make-images.mjs.
  ignoreBinaries: ["convert"],
};
