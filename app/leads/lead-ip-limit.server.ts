import { getPage } from "#content/index";
import { sha256Hex, signingSecret } from "~/platform/crypto.server";
import { getBackend } from "~/data/backend.server";
import { canonicalEmail } from "~/data/lead-model";
import type { CounterWindow } from "~/data/ports/lead-ip-counter";
import type { RequestContext } from "~/utils/context.server";
import { clientIp, clientLimitKey } from "~/utils/rate-limit.server";
import { log } from "~/platform/log.server";
import { isTrustedIp } from "./ip-trust.server";

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

export type LeadIpAdmission = { ok: true; flag: boolean } | { ok: false; status: 429; message: string };

type Ctx = Pick<RequestContext, "env" | "bindings" | "isLocal" | "contentKey">;

function windowsAt(now: Date): [CounterWindow, CounterWindow] {
  const burst = Math.floor(now.getTime() / BURST_WINDOW_MS);
  const day = Math.floor(now.getTime() / DAY_MS);
  return [
    { bucket: `b:${burst}`, expiresAt: new Date((burst + 1) * BURST_WINDOW_MS).toISOString() },
    { bucket: `d:${now.toISOString().slice(0, 10)}`, expiresAt: new Date((day + 1) * DAY_MS).toISOString() },
  ];
}

/**
 * Counts a new lead from the request's IP, before it is written. A counter that cannot be reached
 * lets the lead in (logged): losing real parents to a broken counter is worse than a missed limit.
 * With the parent's `email` (the guide and tips forms) the limits count distinct addresses, so a
 * family sending one address again is counted once (ADR 036); without it (the funnel's step 1, before
 * an address) each new lead counts. Refused attempts count too, so a script that keeps going with
 * new addresses stays refused.
 */
export async function admitNewLead(ctx: Ctx, request: Request, now: Date = new Date(), email?: string): Promise<LeadIpAdmission> {
  const { LEAD_IP_BURST_LIMIT: burstLimit, LEAD_IP_DAILY_LIMIT: dailyLimit, LEAD_IP_FLAG_AFTER: flagAfter } = ctx.env;
  const ip = clientIp(request);
  // Allowlisted or safelisted by an admin (a school, a club: ADR 036): never limited.
  if (await isTrustedIp(ctx, ip)) return { ok: true, flag: false };
  let burst: number;
  let daily: number;
  try {
    // An IPv6 client counts per /64: any address of its block is the same client.
    const ipHash = await sha256Hex(`lead-ip:${signingSecret(ctx.env.SESSION_SECRET, ctx.isLocal)}:${clientLimitKey(request)}`);
    const counter = getBackend(ctx).leadIpCounter;
    const secret = signingSecret(ctx.env.SESSION_SECRET, ctx.isLocal);
    [burst, daily] = email
      ? await counter.countMember(ipHash, await sha256Hex(`lead-member:${secret}:${canonicalEmail(email)}`), windowsAt(now), now)
      : await counter.count(ipHash, windowsAt(now), now);
  } catch (error) {
    // The lead is let in.
    log.error("lead.ip_counter_failed", {}, error);
    return { ok: true, flag: false };
  }
  if ((burstLimit > 0 && burst > burstLimit) || (dailyLimit > 0 && daily > dailyLimit)) {
    log.warn("lead.ip_limited", { burst, daily });
    return { ok: false, status: 429, message: getPage(ctx.contentKey, "botGuard").tooManyLeads };
  }
  return { ok: true, flag: flagAfter > 0 && burst > flagAfter };
}
