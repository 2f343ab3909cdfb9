import { beforeEach, describe, expect, it } from "vitest";
import { action } from "~/routes/consent";
import { enforceRetention } from "~/trust/retention.server";
import { testContext } from "./helpers/context";
import { useLocalD1 } from "./helpers/local-d1";

/** Proof of consent: every banner choice is recorded, without the IP address, and kept as configured. */
const d1 = useLocalD1();
beforeEach(async () => {
  await d1.db.prepare("DELETE FROM consent_records").run();
});

async function choose(
  choice: string,
  ip: string,
  url = "http://127.0.0.1:8810/consent?domain=champion&sport=tennis",
  fields: Record<string, string> = {},
) {
  const { load } = testContext(url, d1.bindings);
  const body = new URLSearchParams({ choice, redirectTo: "/pricing", ...fields });
  const request = new Request(url, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": ip },
  });
  return (await action({ request, context: load, params: {} } as never)) as Response;
}

const records = async () =>
  (
    await d1.db
      .prepare("SELECT variant, choice, policy_version, ip_hash, created_at FROM consent_records ORDER BY created_at")
      .all<Record<string, string>>()
  ).results;

describe("consent records", () => {
  it("records each choice with the variant, the policy version and a hash of the IP, never the IP", async () => {
    const accepted = await choose("granted", "203.0.113.7");
    const rejected = await choose("denied", "203.0.113.7");
    await choose("granted", "198.51.100.9");

    expect(accepted.status).toBe(303);
    expect(rejected.headers.get("Set-Cookie")).toMatch(/^consent=denied;/);
    const rows = await records();
    expect(rows.map(({ variant, choice, policy_version }) => ({ variant, choice, policy_version }))).toEqual([
      { variant: "champion-tennis", choice: "granted", policy_version: "2025-09-r2" },
      { variant: "champion-tennis", choice: "denied", policy_version: "2025-09-r2" },
      { variant: "champion-tennis", choice: "granted", policy_version: "2025-09-r2" },
    ]);
    // One address on one day gives one hash; another address another.
    expect(rows[0].ip_hash).toBe(rows[1].ip_hash);
    expect(rows[2].ip_hash).not.toBe(rows[0].ip_hash);
    expect(JSON.stringify(rows)).not.toContain("203.0.113.7");
  });

  it("records a choice once however often its form is sent (a double click, a resent POST)", async () => {
    const submission = "5f0c2f4e-8a7b-4c1d-9e2f-3a4b5c6d7e8f";
    const url = "http://127.0.0.1:8810/consent";
    const answers = await Promise.all([
      choose("granted", "203.0.113.7", url, { submission }),
      choose("granted", "203.0.113.7", url, { submission }),
    ]);
    await choose("granted", "203.0.113.7", url, { submission });
    // Both answers set the cookie and go back to the page: the visitor sees no difference.
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    expect(answers.every((answer) => /^consent=granted;/.test(answer.headers.get("Set-Cookie") ?? ""))).toBe(true);
    expect((await records()).map((row) => row.choice)).toEqual(["granted"]);
    // The same bar shown again (another page view) is another choice, and another record.
    await choose("denied", "203.0.113.7", url, { submission: "0d7c8b6a-1e2f-4a3b-8c5d-6e7f8a9b0c1d" });
    expect((await records()).map((row) => row.choice)).toEqual(["granted", "denied"]);
  });

  it("writes nothing for a choice that is neither Accept nor Reject", async () => {
    expect((await choose("maybe", "203.0.113.7")).status).toBe(400);
    expect(await records()).toEqual([]);
  });

  it("deletes records older than the consent retention period (36 months by default)", async () => {
    const insert = d1.db.prepare(
      "INSERT INTO consent_records (id, variant, choice, policy_version, ip_hash, created_at) VALUES (?, 'genius', 'granted', '2025-09-r2', 'h', ?)",
    );
    await insert.bind("old", "2023-11-22T00:00:00.000Z").run();
    await insert.bind("kept", "2023-11-24T00:00:00.000Z").run();

    const summary = await enforceRetention(testContext("http://127.0.0.1:8810/", d1.bindings).ctx, new Date("2026-11-23T12:00:00.000Z"));

    expect(summary.consentRecords).toBe(1);
    expect((await d1.db.prepare("SELECT id FROM consent_records").all<{ id: string }>()).results).toEqual([{ id: "kept" }]);
  });
});
