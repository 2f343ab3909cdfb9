#!/usr/bin/env node
// A 10,000-parent launch through waves (docs/decisions/046-facts-and-reactions.md): runs
// bench/waves-launch.test.ts, which admits ten waves of 1,000 through /admin/waves' action on a local D1,
// consumes the facts' and the invites' messages through the Worker's queue handler with one run killed
// mid-way, lets the cron recover it, and prints the figures. Kept out of `npm test` (vitest.config.ts
// takes its files from tests/unit only), so it runs here with a config of its own. Exits non-zero when
// an invite is lost or handed to the mail API twice; never on time.
//   npm run bench:waves
//   WAVES=2 WAVE_SIZE=500 KILL_AT=0.3 D1_ENGINE=workerd npm run bench:waves
// Env: see the test file's header.
import { fileURLToPath } from "node:url";
import { startVitest } from "vitest/node";

const root = fileURLToPath(new URL("..", import.meta.url));
const at = (path) => fileURLToPath(new URL(path, new URL("..", import.meta.url)));

const vitest = await startVitest(
  "test",
  [],
  {
    config: false,
    root,
    include: ["bench/waves-launch.test.ts"],
    watch: false,
    pool: "forks",
    testTimeout: 30 * 60_000,
    hookTimeout: 5 * 60_000,
    printConsoleTrace: false,
  },
  {
    resolve: {
      alias: [
        { find: /^~\//, replacement: at("app/") },
        { find: /^#content\//, replacement: at("content/") },
        { find: /^#emails\//, replacement: at("emails/") },
      ],
    },
  },
);
await vitest?.close();
const failed = !vitest || vitest.state.getCountOfFailedTests() > 0 || vitest.state.getUnhandledErrors().length > 0;
process.exit(failed ? 1 : (process.exitCode ?? 0));
