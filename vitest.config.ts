import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Kept apart from vite.config.ts: no Remix or Cloudflare dev plugins, no e2e specs (STACK pitfall 6).
export default defineConfig({
  resolve: {
    alias: [
      { find: /^~\//, replacement: r("./app/") },
      { find: /^#content\//, replacement: r("./content/") },
      { find: /^#emails\//, replacement: r("./emails/") },
    ],
  },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    globalSetup: ["tests/unit/global-setup.ts"],
    // Vitest's default on a 2-core machine is one fork, one file at a time; most of a file's time is
    // spent waiting on its workerd (local D1) or PGlite, so two files at a time keep both cores busy.
    maxWorkers: 2,
    environment: "node",
    // Generous: a D1-heavy test shares the cores with another file and the build lane.
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
