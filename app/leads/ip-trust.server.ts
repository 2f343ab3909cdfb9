import { getBackend } from "~/data/backend.server";
import { sha256Hex, signingSecret } from "~/platform/crypto.server";
import type { RequestContext } from "~/utils/context.server";
import { ipInList, networkOf, parseIpList, rangeBreadth } from "~/utils/ip-list";
import { log } from "~/platform/log.server";
import { clientIp, formPostLimited } from "~/utils/rate-limit.server";

/**
 * Trusted client addresses (docs/decisions/036-holds-and-fairness.md): the env's LEAD_IP_ALLOWLIST
 * and the admin's safelist (a school, a club, an office). Their parents are neither limited per IP
 * nor held for an IP burst.
 */

type Ctx = Pick<RequestContext, "env" | "bindings" | "isLocal">;

/** Whether the address is allowlisted or safelisted. A safelist that cannot be read trusts nobody more (logged). */
export async function isTrustedIp(ctx: Ctx, ip: string): Promise<boolean> {
  if (ipInList(ip, parseIpList(ctx.env.LEAD_IP_ALLOWLIST))) return true;
  try {
    const entries = await getBackend(ctx).ipSafelist.list();
    if (entries.length === 0) return false;
    // A range wider than the page accepts (saved before it refused them) trusts nobody.
    const ranges = parseIpList(entries.map((entry) => entry.cidr).join(",")).filter((range) => !rangeBreadth(range).tooBroad);
    return ipInList(ip, ranges);
  } catch (error) {
    log.error("lead.safelist_read_failed", {}, error);
    return false;
  }
}

/**
 * The salted hash of the address's network (/24, /48) a referral is recorded with, for the
 * ip-burst rule; null for a trusted address or one that is not an address. Never the address itself.
 */
export async function networkKey(ctx: Ctx, ip: string): Promise<string | null> {
  const network = networkOf(ip);
  if (!network || (await isTrustedIp(ctx, ip))) return null;
  return sha256Hex(`lead-net:${signingSecret(ctx.env.SESSION_SECRET, ctx.isLocal)}:${network}`);
}

/**
 * The public forms' burst limit (FORM_LIMITER) for this request: the message when over it, else null.
 * A trusted address (a school's or a club's one IP) is never refused; the safelist is read only then.
 */
export async function formPostRefused(ctx: Ctx, request: Request, form: string): Promise<string | null> {
  const limited = await formPostLimited(ctx.bindings, request, form);
  return limited && !(await isTrustedIp(ctx, clientIp(request))) ? limited : null;
}
