// `wrangler dev` for the benches that need a whole Worker: its own process group (killed as a group),
// a private dev registry, a fresh or kept local D1 under `state`, --var overrides, the Cron Trigger
// fired through GET /__scheduled and confirmed by the Worker's log line. Extracted from
// bench/reliability.mjs; used by it and bench/spike.mjs.
import { execFile, spawn, spawnSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { root } from "../../scripts/lib/d1.mjs";

const execFileP = promisify(execFile);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const WRANGLER = join(root, "node_modules/.bin/wrangler");
const REQUEST_TIMEOUT_MS = 30_000;

export const sqlString = (value) => `'${String(value).replace(/'/g, "''")}'`;

/**
 * port / inspectorPort: wrangler dev's; state: --persist-to; vars: --var overrides ({ NAME: value });
 * configArgs: an array the caller may fill later (["--config", file]); cronLog: the line the
 * Worker logs when a scheduled run ends; cron: the expression passed to /__scheduled.
 * Returns { Server, d1, wranglerSync, origin }.
 */
export function wranglerDev({
  port: PORT,
  inspectorPort: INSPECTOR_PORT,
  state: STATE,
  vars = {},
  configArgs = [],
  cronLog = /mail (retry|sweep)/i,
  cron: CRON = "*/5 * * * *",
}) {
  // A private dev registry: every engineer's `wrangler dev` registers the same worker name in the shared
  // ~/.config/.wrangler/registry and watches it; the bench keeps out of that traffic.
  const WRANGLER_ENV = { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false", WRANGLER_REGISTRY_PATH: join(STATE, "registry") };
  const ORIGIN = `http://127.0.0.1:${PORT}`;

  function wranglerSync(args) {
    const run = spawnSync(WRANGLER, [...args, ...configArgs], {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      env: WRANGLER_ENV,
    });
    if (run.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${run.stderr || run.stdout}`);
    return run.stdout;
  }

  /** Runs SQL on the bench's local D1 (async: the fake mail API keeps answering meanwhile). */
  async function d1(sql, retry = true) {
    const { stdout } = await execFileP(
      WRANGLER,
      ["d1", "execute", "DB", "--local", "--persist-to", STATE, "--json", "--command", sql, ...configArgs],
      { cwd: root, maxBuffer: 64 * 1024 * 1024, env: WRANGLER_ENV },
    ).catch((error) => {
      if (!retry) throw error;
      return sleep(2_000).then(() => ({ stdout: null, retried: true }));
    });
    if (stdout === null) return d1(sql, false);
    const parsed = JSON.parse(stdout.slice(stdout.indexOf("[")));
    return parsed.map((batch) =>
      batch.results.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === "null" ? null : v]))),
    );
  }

  class Server {
    constructor() {
      this.child = null;
      this.log = null;
      this.cronRuns = 0;
      this.tail = [];
      this.exit = null;
      this.restarts = 0;
      this.down = false;
      this.checking = null;
      this.recovering = null;
    }

    /** wrangler dev exited by itself (a crash; the bench ends it only in stop()). */
    get dead() {
      return this.child !== null && this.exit !== null;
    }

    /** Dead, or found not answering (wrangler can outlive a crashed workerd). */
    get unusable() {
      return this.dead || this.down;
    }

    async healthy() {
      for (let i = 0; i < 3 && !this.dead; i++) {
        try {
          const response = await fetch(`${ORIGIN}/robots.txt`, { signal: AbortSignal.timeout(15_000) });
          await response.text();
          return true;
        } catch {}
        await sleep(1_000);
      }
      return false;
    }

    /** After a network error: is the server still there? (one check at a time) */
    check() {
      this.checking ??= this.healthy().then((ok) => {
        if (!ok) this.down = true;
        this.checking = null;
        return ok;
      });
      return this.checking;
    }

    /** ensure(), once for all the callers that noticed at the same time. */
    recover(when) {
      this.recovering ??= this.ensure(when).finally(() => (this.recovering = null));
      return this.recovering;
    }

    /** Restarts a crashed or silent server on the same state, and says so. */
    async ensure(when) {
      if (!this.unusable && (await this.healthy())) return false;
      const why = this.dead ? `exited (${this.exit})` : "stopped answering";
      console.log(
        `! wrangler dev ${why} ${when}; its last lines:\n    ${this.tail.slice(-6).join("\n    ")}\n! restarting it on the same state`,
      );
      this.restarts += 1;
      await this.stop();
      this.down = false;
      await this.start();
      return true;
    }

    async start() {
      this.log = createWriteStream(join(STATE, "wrangler-dev.log"), { flags: "a" });
      this.child = spawn(
        WRANGLER,
        [
          "dev",
          "--ip",
          "127.0.0.1",
          "--port",
          String(PORT),
          "--inspector-port",
          String(INSPECTOR_PORT),
          "--persist-to",
          STATE,
          "--test-scheduled",
          ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
          ...configArgs,
        ],
        { cwd: root, detached: true, stdio: ["ignore", "pipe", "pipe"], env: WRANGLER_ENV },
      );
      this.exit = null;
      let buffered = "";
      const onData = (chunk) => {
        this.log.write(chunk);
        buffered += chunk.toString();
        const lines = buffered.split("\n");
        buffered = lines.pop();
        for (const line of lines) {
          if (cronLog.test(line)) this.cronRuns += 1;
          this.tail.push(line);
          if (this.tail.length > 40) this.tail.shift();
        }
      };
      this.child.stdout.on("data", onData);
      this.child.stderr.on("data", onData);
      const child = this.child;
      child.on("exit", (code, signal) => {
        if (this.child === child) this.exit = code ?? signal ?? "?";
      });
      for (let i = 0; i < 240; i++) {
        if (this.exit !== null) throw new Error(`wrangler dev exited (${this.exit}):\n${this.tail.join("\n")}`);
        try {
          const response = await fetch(`${ORIGIN}/`, { signal: AbortSignal.timeout(5_000) });
          await response.text();
          if (response.ok) return;
        } catch {}
        await sleep(500);
      }
      throw new Error(`wrangler dev did not answer on ${ORIGIN}:\n${this.tail.join("\n")}`);
    }

    /** Ends the whole process group (wrangler, workerd and their children; STACK pitfall 4). */
    async stop() {
      if (!this.child) return;
      const pid = this.child.pid;
      this.child = null;
      const alive = () => {
        try {
          process.kill(-pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      try {
        process.kill(-pid, "SIGTERM");
      } catch {}
      for (let i = 0; i < 30 && alive(); i++) await sleep(100);
      if (alive()) {
        try {
          process.kill(-pid, "SIGKILL");
        } catch {}
      }
      this.log?.end();
    }

    /** Triggers the Cron Trigger and waits until the Worker logs the run's summary. */
    async cron() {
      const before = this.cronRuns;
      try {
        const response = await fetch(`${ORIGIN}/__scheduled?cron=${encodeURIComponent(CRON)}`, {
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        await response.text();
      } catch {
        return false;
      }
      // /__scheduled answers before the run's waitUntil work ends; the Worker logs "mail retry: {...}"
      // when it does. Without that line (the log changed), the caller falls back to the mail API going quiet.
      if (this.cronLogMissing) {
        await sleep(1_000);
        return false;
      }
      const until = Date.now() + 60_000;
      while (this.cronRuns === before && Date.now() < until) await sleep(100);
      if (this.cronRuns === before) this.cronLogMissing = true;
      return this.cronRuns > before;
    }
  }

  return { Server, d1, wranglerSync, origin: ORIGIN, env: WRANGLER_ENV };
}
