import { getPage } from "#content/index";
import { sha256Hex, signingSecret } from "~/platform/crypto.server";
import type { RequestContext } from "~/utils/context.server";
import { ipInList, parseIpList } from "~/utils/ip-list";
import { clientIp } from "~/utils/rate-limit.server";

/**
 * New leads per client IP (docs/decisions/011-bot-guard.md). Clubs, schools and offices send many
 * parents from one address, so the limit is loose: a burst limit per ten minutes and a daily ceiling
 * (LEAD_IP_BURST_LIMIT, LEAD_IP_DAILY_LIMIT; 0 = none), no limit at all for LEAD_IP_ALLOWLIST, and
 * past LEAD_IP_FLAG_AFTER leads in ten minutes the lead is still taken but flagged "ip-burst" for an
 * admin to look at. Cloudflare's rate-limit bindings only count 10 s or 60 s, so the counters live in
 * the lead database (lead_ip_counts), keyed by a salted hash of the address.
 */

const BURST_WINDOW_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const SUPABASE_TIMEOUT_MS = 5_000;

export type LeadIpAdmission = { ok: true; flag: boolean } | { ok: false; status: 429; message: string };

type Ctx = Pick<RequestContext, "env" | "bindings" | "isLocal" | "contentKey">;
type Window = { bucket: string; expiresAt: string };

function windowsAt(now: Date): [Window, Window] {
  const burst = Math.floor(now.getTime() / BURST_WINDOW_MS);
  const day = Math.floor(now.getTime() / DAY_MS);
  return [
    { bucket: `b:${burst}`, expiresAt: new Date((burst + 1) * BURST_WINDOW_MS).toISOString() },
    { bucket: `d:${now.toISOString().slice(0, 10)}`, expiresAt: new Date((day + 1) * DAY_MS).toISOString() },
  ];
}

function supabaseOf(ctx: Ctx): { url: string; key: string } | null {
  const { SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY } = ctx.env;
  return SUPABASE_URL && SUPABASE_SERVICE_ROLE_KEY ? { url: SUPABASE_URL.replace(/\/+$/, ""), key: SUPABASE_SERVICE_ROLE_KEY } : null;
}

async function supabaseFetch(ctx: Ctx, path: string, init: RequestInit): Promise<unknown> {
  const supabase = supabaseOf(ctx)!;
  const response = await fetch(`${supabase.url}/rest/v1/${path}`, {
    ...init,
    headers: { apikey: supabase.key, Authorization: `Bearer ${supabase.key}`, "Content-Type": "application/json" },
    signal: AbortSignal.timeout(SUPABASE_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`supabase ${path} answered ${response.status}`);
  return response.status === 204 ? null : response.json();
}

/** Adds one to each window's counter and answers the new counts; expired windows are deleted. */
async function countLead(ctx: Ctx, ipHash: string, windows: Window[], now: Date): Promise<number[]> {
  if (supabaseOf(ctx)) {
    const counts = await supabaseFetch(ctx, "rpc/count_lead_ip", {
      method: "POST",
      body: JSON.stringify({
        p_ip_hash: ipHash,
        p_buckets: windows.map((w) => w.bucket),
        p_expires: windows.map((w) => w.expiresAt),
      }),
    });
    return (counts as number[]).map(Number);
  }
  const db = ctx.bindings.DB;
  const results = await db.batch<{ count: number }>([
    db.prepare("DELETE FROM lead_ip_counts WHERE expires_at < ?").bind(now.toISOString()),
    ...windows.map((w) =>
      db
        .prepare(
          `INSERT INTO lead_ip_counts (ip_hash, bucket, count, expires_at) VALUES (?, ?, 1, ?)
           ON CONFLICT (ip_hash, bucket) DO UPDATE SET count = count + 1 RETURNING count`,
        )
        .bind(ipHash, w.bucket, w.expiresAt),
    ),
  ]);
  return results.slice(1).map((result) => Number(result.results[0]?.count ?? 0));
}

/**
 * Counts a new lead from the request's IP, before it is written. A counter that cannot be reached
 * lets the lead in (logged): losing real parents to a broken counter is worse than a missed limit.
 * Attempts over the limit are counted too, so a script that keeps going stays refused.
 */
export async function admitNewLead(ctx: Ctx, request: Request, now: Date = new Date()): Promise<LeadIpAdmission> {
  const { LEAD_IP_BURST_LIMIT: burstLimit, LEAD_IP_DAILY_LIMIT: dailyLimit, LEAD_IP_FLAG_AFTER: flagAfter } = ctx.env;
  const ip = clientIp(request);
  if (ipInList(ip, parseIpList(ctx.env.LEAD_IP_ALLOWLIST))) return { ok: true, flag: false };
  let burst: number;
  let daily: number;
  try {
    const ipHash = await sha256Hex(`lead-ip:${signingSecret(ctx.env.SESSION_SECRET, ctx.isLocal)}:${ip}`);
    [burst, daily] = await countLead(ctx, ipHash, windowsAt(now), now);
  } catch (error) {
    console.error("lead-ip-limit: the counter failed; the lead is let in", error);
    return { ok: true, flag: false };
  }
  if ((burstLimit > 0 && burst > burstLimit) || (dailyLimit > 0 && daily > dailyLimit)) {
    console.warn(`lead-ip-limit: refused a new lead (${burst} in ten minutes, ${daily} today)`);
    return { ok: false, status: 429, message: getPage(ctx.contentKey, "botGuard").tooManyLeads };
  }
  return { ok: true, flag: flagAfter > 0 && burst > flagAfter };
}
