import { fileURLToPath } from "node:url";
import { vitePlugin as remix, cloudflareDevProxyVitePlugin } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { remixConfig } from "./remix.config";
import { getLoadContext } from "./load-context";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

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
  build: { sourcemap: false },
}));
