import { LIVE_PORT, MAIN_PORT, PREVIEW_PORT } from "../../playwright.config";

/**
 * The e2e servers' local D1, read and written from the test process through the server itself
 * (POST /__e2e/d1, app/routes/e2e.d1.ts), so that one workerd owns each SQLite file. A second
 * workerd on the same file (wrangler's platform proxy, as before) raced the server's own writes,
 * and the server, which does not wait on SQLite's lock, answered parents with "database is locked".
 */
const PORTS = { main: MAIN_PORT, live: LIVE_PORT, preview: PREVIEW_PORT } as const;
/** The token scripts/e2e-server.sh gives every server. */
const TOKEN = "e2e-d1-token";

/** Runs one SQL statement, or a list of them as one batch, and returns the rows of every statement in order. */
export async function runD1<T>(sql: string | string[], server: keyof typeof PORTS): Promise<T[]> {
  const response = await fetch(`http://127.0.0.1:${PORTS[server]}/__e2e/d1`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ sql: Array.isArray(sql) ? sql : [sql] }),
  });
  if (!response.ok) throw new Error(`D1 on the ${server} server answered ${response.status}: ${await response.text()}`);
  const results = (await response.json()) as T[][];
  return results.flat();
}
