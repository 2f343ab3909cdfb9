// ESLint flat config: `npm run lint` (also run by `npm test` after the typecheck).
// Type errors are tsc's job; this adds the checks tsc does not make: the rules of hooks,
// accessibility of the JSX, import cycles, module boundaries, and typescript-eslint's recommended set.
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig([
  globalIgnores([
    "build/",
    ".wrangler/",
    "workers/*/.wrangler/",
    "node_modules/",
    "public/",
    "dist/",
    ".cache/",
    "test-results/",
    "playwright-report/",
    "bench/results/",
    // Written by `wrangler types`.
    "worker-configuration.d.ts",
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      // The app runs in the browser and in workerd; scripts/, bench/ and configs run in Node.
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // `_name` marks a parameter or binding kept for its position (loader args, tuples).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // `catch {}` is how this code says "best effort, ignore the failure".
      "no-empty": ["error", { allowEmptyCatch: true }],
      // server.ts imports ./build/server, which exists only after a build: @ts-expect-error
      // would itself fail once the build is there.
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-ignore": "allow-with-description" }],
    },
  },

  {
    files: ["tests/**"],
    rules: {
      // Test doubles read and answer arbitrary JSON bodies.
      "@typescript-eslint/no-explicit-any": "off",
      // Playwright reads the fixtures a test wants from its first parameter: `async ({}, testInfo)`.
      "no-empty-pattern": "off",
    },
  },

  {
    files: ["tests/unit/**"],
    rules: {
      // A synchronous child process blocks the Vitest worker: past 60 s (a wrangler call on a busy
      // machine) its pending RPC times out and the run fails with every test green.
      "no-restricted-imports": [
        "error",
        {
          paths: [
            ...["node:child_process", "child_process"].map((name) => ({
              name,
              importNames: ["spawnSync", "execSync", "execFileSync"],
              message: "Use runProcess from tests/unit/helpers/run-process: it does not block the test worker.",
            })),
          ],
        },
      ],
    },
  },

  {
    files: ["**/*.{jsx,tsx}"],
    ...jsxA11y.flatConfigs.recommended,
  },

  {
    // React code only: Playwright's fixture `use` and the e2e `use*` helpers are not hooks.
    files: ["app/**/*.{ts,tsx}", "emails/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },

  {
    // The import-x plugin, for the module boundaries below. Import cycles between files are
    // scripts/check-file-cycles.mjs's (part of `npm run lint`): import-x/no-cycle resolved every
    // import of every file again per file and took two thirds of the lint's time.
    files: ["**/*.{js,mjs,jsx,ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      // Without these the plugin follows only .js files and sees no cycle through TypeScript.
      "import-x/extensions": [".ts", ".tsx", ".mts", ".js", ".jsx", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx", ".mts"] },
      // Resolves the tsconfig paths (~/, #content/, #emails/) the way Vite and tsc do.
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
  },

  {
    // Module boundaries: the shared layers below the features never reach up into them.
    files: ["app/**/*.{ts,tsx}", "content/**/*.{ts,tsx}"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: import.meta.dirname,
          zones: [
            {
              // utils/ and platform/ are what every feature builds on; app/data is the persistence
              // they may use, and root.tsx gives root-data its loader's type.
              target: ["./app/utils", "./app/platform"],
              from: "./app",
              except: ["./utils", "./platform", "./data", "./root.tsx"],
              message: "app/utils and app/platform import no feature, component or route: move the code to its feature, or pass it in.",
            },
            {
              // The persistence layer sits under every feature: the port types it needs live with it.
              target: "./app/data",
              from: "./app",
              except: ["./data", "./platform/crypto.server.ts", "./utils/variant.ts", "./utils/env.server.ts"],
              message: "app/data imports no feature, component or route: move the type it needs into its port.",
            },
            {
              // Only routes import routes (a QA page renders the landing page's component).
              target: ["./app/!(routes)/**", "./app/*.{ts,tsx}"],
              from: "./app/routes",
              message: "Modules outside app/routes import no route: move what both need to the feature.",
            },
            {
              target: "./app/**/*.server.{ts,tsx}",
              from: "./app/components",
              message: "Server modules take nothing from components: put the shared type beside the feature's logic.",
            },
            {
              target: "./content",
              from: "./app",
              message: "content/ is copy and its schemas: it imports nothing from app/.",
            },
          ],
        },
      ],
    },
  },
]);
