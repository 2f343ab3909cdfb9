import { spawn } from "node:child_process";

export type ProcessRun = { status: number | null; stdout: string; stderr: string };

/**
 * Runs a command to its end without blocking the test worker: a `spawnSync` that outlasts Vitest's
 * 60 s RPC timeout (a wrangler call on a busy machine) fails the whole run with
 * `Timeout calling "onTaskUpdate"`, even though every test passed.
 */
export function runProcess(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}
