import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { getPlatformProxy } from "wrangler";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * A real local D1 (miniflare, the engine behind `wrangler dev`) in a temporary directory, with
 * every migration of `migrations/` applied by wrangler itself, exactly as `npm run db:migrate` does.
 */
export async function startLocalD1(): Promise<{ db: D1Database; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "d1-test-"));
  await promisify(execFile)(
    join(root, "node_modules/.bin/wrangler"),
    ["d1", "migrations", "apply", "DB", "--local", "--persist-to", dir],
    { cwd: root, env: { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false" } },
  );
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: join(root, "wrangler.toml"),
    persist: { path: join(dir, "v3") },
  });
  return {
    db: proxy.env.DB,
    async dispose() {
      await proxy.dispose();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
