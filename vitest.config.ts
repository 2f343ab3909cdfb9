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
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
