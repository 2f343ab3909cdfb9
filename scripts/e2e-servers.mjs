#!/usr/bin/env node
// Starts the Playwright suite's servers (scripts/lib/e2e-servers.mjs) and keeps them up until it is
// stopped (SIGTERM or SIGINT), which stops them too. scripts/test.sh runs it once the build is done,
// while Vitest still runs, so the two minutes three wrangler dev servers take to start are no longer
// spent before the first browser test; Playwright then finds them up (E2E_SERVERS_UP=1) and reuses them.
// Usage: node scripts/e2e-servers.mjs [--ready-file PATH] [--log-dir DIR]  (PATH is written once every
// server answers; each server's stderr, where its warnings and errors go, is kept in DIR/NAME.log)
// E2E_PORT sets the main port, as for Playwright. A server that exits early fails it, with its stderr.
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, writeFileSync } from "node:fs";
import { e2eServers } from "./lib/e2e-servers.mjs";

const option = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : null);
const readyFile = option("--ready-file");
const logDir = option("--log-dir");
if (logDir) mkdirSync(logDir, { recursive: true });
const started = Date.now();
const servers = e2eServers(Number(process.env.E2E_PORT ?? 8788)).map((server) => {
  // Each in its own process group, so stopping one stops its npx, wrangler and workerd together.
  const child = spawn("bash", ["-c", server.command], { detached: true, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  if (logDir) child.stderr.pipe(createWriteStream(`${logDir}/${server.name.replaceAll(" ", "-")}.log`));
  child.stderr.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  return { ...server, child, stderr: () => stderr };
});

let stopping = false;
function stop(code) {
  stopping = true;
  for (const { child } of servers) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
  process.exit(code);
}
process.on("SIGTERM", () => stop(0));
process.on("SIGINT", () => stop(0));

for (const server of servers) {
  server.child.on("exit", (code) => {
    if (stopping) return;
    console.error(`e2e server "${server.name}" exited (${code}) before the suite ended:\n${server.stderr()}`);
    stop(1);
  });
}

/** Polls the server's URL, as Playwright does, until it answers (any status below 500). */
async function up({ name, url, timeout }) {
  const deadline = started + timeout;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { redirect: "manual" });
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`e2e server "${name}" did not answer ${url} within ${timeout / 1000} s`);
}

try {
  await Promise.all(servers.map(up));
} catch (error) {
  console.error(String(error));
  stop(1);
}
console.log(`e2e servers up after ${Math.round((Date.now() - started) / 1000)} s`);
if (readyFile) writeFileSync(readyFile, "up\n");
// Stays up (the children keep the event loop alive) until stopped.
