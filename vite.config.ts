import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { vitePlugin as remix, cloudflareDevProxyVitePlugin } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { remixConfig } from "./remix.config";
import { getLoadContext } from "./load-context";
import { computeBuildInfo } from "./app/platform/build-info";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** git's answer, or null where git or the repository is missing (a tarball build). */
function git(args: string[]): string | null {
  try {
    return execFileSync("git", args, { cwd: r("."), encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

// Once per build, the same in the server and client bundles (the preview ribbon, /__version).
const BUILD_INFO = computeBuildInfo(process.env, git, new Date());

export default defineConfig(({ command }) => ({
  plugins: [cloudflareDevProxyVitePlugin({ getLoadContext }), remix(remixConfig), tailwindcss()],
  resolve: {
    mainFields: ["browser", "module", "main"],
    alias: [
      { find: /^~\//, replacement: r("./app/") },
      { find: /^#content\//, replacement: r("./content/") },
      { find: /^#emails\//, replacement: r("./emails/") },
      // Vite dev runs loaders in Node; react-email's default build expects workerd.
      ...(command === "serve"
        ? [
            {
              find: /^@react-email\/render$/,
              replacement: r("./node_modules/@react-email/render/dist/node/index.mjs"),
            },
          ]
        : []),
    ],
  },
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  define: { __BUILD_INFO__: JSON.stringify(BUILD_INFO) },
  build: {
    sourcemap: false,
  },
}));
