import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./fixtures";

// The browser bundle must never carry a backend key or server-only configuration (DESIGN "Security posture").
const FORBIDDEN = [
  "SUPABASE_SERVICE_ROLE_KEY",
  "service_role",
  "RESEND_API_KEY",
  "EMAIL_API_TOKEN",
  "SESSION_SECRET",
  "local-dev-session-secret",
  "local-development-secret",
  "api.resend.com",
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

test("build/client holds no backend key or server-only setting", { tag: "@http" }, async () => {
  const scripts = files("build/client").filter((path) => /\.(js|mjs|css|html|json)$/.test(path));
  expect(scripts.length).toBeGreaterThan(3);
  for (const path of scripts) {
    const text = readFileSync(path, "utf8");
    for (const needle of FORBIDDEN) expect(text.includes(needle), `${needle} in ${path}`).toBe(false);
  }
});
