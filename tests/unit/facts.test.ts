import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { beforeEach, describe, expect, it } from "vitest";
import { referralRules } from "#content/referrals";
import { getBackend } from "~/data/backend.server";
import { MAX_HANDLER_ATTEMPTS, sweepFacts } from "~/facts/facts.server";
import { reactions } from "~/facts/reactions.server";
import { action as mailAction, loader as mailLoader } from "~/routes/admin/mail";
import { parseEnv } from "~/utils/env.server";
import { wavesOf } from "~/waves/waves.server";
import { insertParents } from "./helpers/bulk-parents";
import { testContext } from "./helpers/context";
import { addUnreachableEndpoint } from "./helpers/rows";
import { emptyTables, FACT_TABLES, useLocalD1, WAVE_TABLES, WEBHOOK_TABLES } from "./helpers/local-d1";
import { signedIn } from "./helpers/signed-in";

/**
 * Facts and their reactions (docs/decisions/046-facts-and-reactions.md): a wave's `wave.admitted`
 * sends its invites and its webhook event once each; a handler that fails is run again alone, one
 * that keeps failing is dead with its last error on /admin/mail, and the admin's replay runs it once.
 */

const ORIGIN = "http://127.0.0.1:8846";
const d1 = useLocalD1();

/** The database with webhook endpoints unreadable while `broken.on`: the webhook handler fails, the invites do not. */
const broken = { on: false };
function breakable(db: D1Database): D1Database {
  return new Proxy(db, {
    get(target, key) {
      if (key === "prepare")
        return (sql: string) => {
          if (broken.on && sql.includes("webhook_endpoints")) return target.prepare("SELECT no_such_column FROM webhook_endpoints");
          return target.prepare(sql);
        };
      const value = Reflect.get(target, key) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

let bindings: Record<string, unknown>;
beforeEach(async () => {
  broken.on = false;
  await emptyTables(d1.db, [...FACT_TABLES, ...WAVE_TABLES, "leads", "outbox", ...WEBHOOK_TABLES]);
  bindings = { ...d1.bindings, DB: breakable(d1.db) };
  await addUnreachableEndpoint(getBackend(testContext(ORIGIN, bindings).ctx).webhooks, ["wave.admitted"]);
  await insertParents(
    d1.db,
    "leads",
    ["ann", "bob"].map((name, i) => ({
      email: `${name}@example.com`,
      step_completed: 3,
      ref_code: `R${name.toUpperCase()}`,
      confirmedAt: new Date(Date.now() + i).toISOString(),
    })),
    referralRules.placesPerCredit,
  );
});

const count = async (sql: string) => Number((await d1.db.prepare(sql).first<{ n: number }>())?.n ?? 0);
const invites = () => count("SELECT COUNT(*) AS n FROM outbox WHERE template = 'invite'");
const events = () => count("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE event_type = 'wave.admitted'");

async function admitTwo() {
  const { ctx, settle } = testContext(`${ORIGIN}/admin/waves`, bindings);
  const outcome = await wavesOf(ctx).admit(1, 2, "admin@example.com");
  await settle();
  expect(outcome.kind).toBe("admitted");
  return outcome.kind === "admitted" ? outcome.wave : null;
}

/** A cron run late enough that every fact is due for the sweep. */
async function cron() {
  const later = new Date(Date.now() + 10 * 60_000);
  await sweepFacts({ env: parseEnv(bindings as unknown as Env), bindings: bindings as never, now: () => later });
}

describe("reactions to wave.admitted", () => {
  it("are the wave's invites and its webhook event", () => {
    expect(reactions["wave.admitted"].map((reaction) => reaction.name).sort()).toEqual(["invites", "webhook"]);
  });

  it("send each invite and the event once, however often the fact is handled again", async () => {
    const wave = await admitTwo();
    expect([await invites(), await events()]).toEqual([2, 1]);
    const fact = await getBackend(testContext(ORIGIN, bindings).ctx).facts.get(`wave.admitted:leads:${wave!.id}`);
    expect(fact?.handled_at).not.toBeNull();
    // The fact carries ids, no address.
    expect(JSON.stringify(fact?.payload)).not.toContain("@example.com");
    await d1.db.prepare("UPDATE facts SET handled_at = NULL").run();
    await d1.db.prepare("DELETE FROM fact_handlings").run();
    await cron();
    expect([await invites(), await events()]).toEqual([2, 1]);
  });

  it("run a failed handler again alone, leave one that keeps failing dead for the admin, and replay it once", async () => {
    broken.on = true;
    const wave = await admitTwo();
    // The invites went out; the event did not, and its handler waits for the next try.
    expect([await invites(), await events()]).toEqual([2, 0]);
    for (let run = 1; run < MAX_HANDLER_ATTEMPTS; run++) await cron();
    expect(await invites()).toBe(2);
    const factId = `wave.admitted:leads:${wave!.id}`;
    const { cookie } = await signedIn(d1, `${ORIGIN}/admin/mail`, "admin");
    const page = async () => {
      const { load } = testContext(`${ORIGIN}/admin/mail`, bindings);
      const request = new Request(`${ORIGIN}/admin/mail`, { headers: { Cookie: cookie } });
      const result = (await mailLoader({ request, context: load, params: {} } as LoaderFunctionArgs)) as unknown as {
        data: { reactions: { factId: string; handler: string; attempts: number; lastError: string | null }[] };
      };
      return result.data.reactions;
    };
    expect(await page()).toEqual([
      expect.objectContaining({
        factId,
        handler: "webhook",
        attempts: MAX_HANDLER_ATTEMPTS,
        lastError: expect.stringMatching(/no_such_column/),
      }),
    ]);

    broken.on = false;
    // The dead handler waits for the admin: the cron leaves it alone.
    await cron();
    expect(await events()).toBe(0);
    const replay = async () => {
      const { load, settle } = testContext(`${ORIGIN}/admin/mail`, bindings);
      const request = new Request(`${ORIGIN}/admin/mail`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "replay-reaction", fact: factId, handler: "webhook" }).toString(),
      });
      const result = await mailAction({ request, context: load, params: {} } as ActionFunctionArgs);
      await settle();
      return result instanceof Response ? result.status : (result as unknown as { init: { status: number } }).init.status;
    };
    expect([await replay(), await replay()]).toEqual([303, 409]);
    expect([await invites(), await events()]).toEqual([2, 1]);
    expect(await page()).toEqual([]);
  });
});
