import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";

/**
 * A real local D1 (miniflare, as under `wrangler dev`) in a temporary directory, with every
 * migration in migrations/ applied in order. Call dispose() in afterAll.
 */
export async function localD1() {
  const dir = mkdtempSync(join(tmpdir(), "d1-test-"));
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ persist: { path: dir } });
  const db = proxy.env.DB;
  for (const file of readdirSync("migrations").filter((name) => name.endsWith(".sql")).sort()) {
    const sql = readFileSync(join("migrations", file), "utf8")
      .split("\n")
      .filter((line) => !line.trim().startsWith("--"))
      .join("\n");
    for (const statement of sql.split(";").map((part) => part.trim()).filter(Boolean)) {
      await db.prepare(statement).run();
    }
  }
  return {
    db,
    async dispose() {
      await proxy.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
