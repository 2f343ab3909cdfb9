// What the admin benches share: a `wrangler dev` of the built Worker, signing in, and timed GETs;
// with the D1 helpers they share with the scripts (scripts/lib/d1.mjs).
import { spawn } from "node:child_process";
import { root, wrangler } from "../../scripts/lib/d1.mjs";

export { adminAccountSql, cliOptions, root, sqlString, wrangler } from "../../scripts/lib/d1.mjs";

/**
 * Starts `wrangler dev` on the built Worker with the D1 state in `state` (its own process group, so
 * stopping it stops workerd too) and waits until it answers. Returns its origin, `stop` and the
 * process group's id.
 */
export async function startSite({ port, state }) {
  const origin = `http://127.0.0.1:${port}`;
  // The card Worker (workers/card) runs beside the site behind its CARD binding, as `npm start` runs them.
  const configs = ["-c", "wrangler.toml", "-c", "workers/card/wrangler.toml"];
  const server = spawn("npx", ["wrangler", "dev", ...configs, "--ip", "127.0.0.1", "--port", String(port), "--persist-to", state], {
    cwd: root,
    detached: true,
    stdio: "ignore",
  });
  const stop = () => {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {}
  };
  process.on("SIGINT", () => (stop(), process.exit(130)));
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${origin}/robots.txt`)).ok) return { origin, stop, pid: server.pid };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop();
  throw new Error(`wrangler dev did not answer on ${origin}`);
}

/** Signs in through the sign-in form and returns the session cookie ("__session=..."). */
export async function signIn(origin, { email, password }) {
  const response = await fetch(`${origin}/signup?mode=signin`, {
    method: "POST",
    body: new URLSearchParams({ mode: "signin", email, password }),
    redirect: "manual",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (!cookie) throw new Error(`Sign-in failed (${response.status}): ${await response.text()}`);
  return cookie.split(";")[0];
}

/** Times one GET read to its end; `db` is the loader's database time from Server-Timing, if it sends one. */
export async function timeGet(origin, path, cookie) {
  const t0 = performance.now();
  const response = await fetch(`${origin}${path}`, { headers: { Cookie: cookie } });
  const text = await response.text();
  const ms = performance.now() - t0;
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}\n${text.slice(0, 300)}`);
  const db = Number(/db;dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "")?.[1] ?? NaN);
  return { ms, db, bytes: text.length };
}

/** [min, median, max] of some numbers. */
export function minMedianMax(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return [sorted[0], sorted[Math.floor(sorted.length / 2)], sorted.at(-1)];
}

/** The rows of one SQL query on the local D1 in `state`. */
export function queryLocal(state, sql) {
  const out = wrangler(["d1", "execute", "DB", "--local", "--persist-to", state, "--json", "--command", sql]);
  return JSON.parse(out.slice(out.indexOf("[")))[0].results;
}
