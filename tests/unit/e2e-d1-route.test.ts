import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/e2e.d1";

const TOKEN = "t".repeat(24);

/** A D1 stand-in that records what it was asked to run. */
function fakeDb() {
  const ran: string[] = [];
  return {
    ran,
    prepare: (sql: string) => ({ sql }),
    batch: async (statements: { sql: string }[]) => statements.map(({ sql }) => (ran.push(sql), { results: [{ sql }] })),
  };
}

function post(
  url: string,
  { vars = {}, token, body = { sql: ["SELECT 1"] } }: { vars?: Record<string, string>; token?: string; body?: unknown },
) {
  const db = fakeDb();
  const headers: Record<string, string> = { Host: new URL(url).host, "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const args = {
    request: new Request(url, { method: "POST", headers, body: JSON.stringify(body) }),
    params: {},
    context: { cloudflare: { env: { DB: db, ...vars } } },
  } as unknown as ActionFunctionArgs;
  return { db, response: action(args) };
}

describe("POST /__e2e/d1, the Playwright suite's SQL onto the local D1", () => {
  it("runs the statements as one batch for the token on a loopback host", async () => {
    const { db, response } = post("http://127.0.0.1:8788/__e2e/d1", {
      vars: { E2E_D1_TOKEN: TOKEN },
      token: TOKEN,
      body: { sql: ["SELECT 1", "SELECT 2"] },
    });
    const answer = await response;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual([[{ sql: "SELECT 1" }], [{ sql: "SELECT 2" }]]);
    expect(db.ran).toEqual(["SELECT 1", "SELECT 2"]);
  });

  it.each([
    ["no token is configured (every deployed Worker)", "http://127.0.0.1:8788/__e2e/d1", {}, TOKEN],
    ["the token is wrong", "http://127.0.0.1:8788/__e2e/d1", { E2E_D1_TOKEN: TOKEN }, "x".repeat(24)],
    ["no token is given", "http://127.0.0.1:8788/__e2e/d1", { E2E_D1_TOKEN: TOKEN }, undefined],
    ["the host is a public one", "https://aiparenting.example/__e2e/d1", { E2E_D1_TOKEN: TOKEN, SESSION_SECRET: "s".repeat(32) }, TOKEN],
  ])("is a 404 that runs nothing when %s", async (_case, url, vars, token) => {
    const { db, response } = post(url, { vars, token });
    expect((await response).status).toBe(404);
    expect(db.ran).toEqual([]);
  });

  it("answers 400 to a body without statements and runs nothing", async () => {
    const { db, response } = post("http://127.0.0.1:8788/__e2e/d1", {
      vars: { E2E_D1_TOKEN: TOKEN },
      token: TOKEN,
      body: { sql: "SELECT 1" },
    });
    expect((await response).status).toBe(400);
    expect(db.ran).toEqual([]);
  });

  it("is a 404 to a GET", async () => {
    expect((await loader()).status).toBe(404);
  });
});
