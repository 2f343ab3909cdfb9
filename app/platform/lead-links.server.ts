import { referralRules } from "#content/referrals";
import type { RequestContext } from "~/utils/context.server";
import { absoluteLinkTo } from "~/utils/links";
import { LEAD_TABLES, type LeadTable } from "~/utils/variant";
import { base64url, fromBase64url, hmacSign, hmacVerify, sha256Hex, verifyingSecrets } from "./crypto.server";

/**
 * Signed, no-login links to one lead: `confirm` (the double opt-in button page), `status` (the
 * parent's place in line), `manage` (the parent's data: export and erasure) and `invite` (a wave's
 * invite, docs/decisions/025-waves-and-invites.md: single use, which the wave's member row enforces). A token reads `{payload}.{signature}` where the payload is
 * base64url(`{purpose}:{table}:{leadId}:{expiresAtMs}`) and the signature is HMAC-SHA256 with the
 * first SESSION_SECRET (a `confirm` link also carries `:{address}`, a hash of the inbox it was
 * mailed to, so it confirms that address and no other the lead may hold later: ADR 040); every
 * secret of the rotation list verifies. Nothing is stored: a link is
 * good until it expires, and confirming twice changes nothing. The links sit below the features
 * that send and open them (the opt-in, status, my-data and invite pages, the waves, the campaigns),
 * so each of those asks here and none imports another for its links.
 */

/** `reward`: a milestone reward's download (ADR 035); its id is the ledger row's, not the lead's. */
export type LinkPurpose = "confirm" | "status" | "manage" | "invite" | "reward";

/** `address`: the confirm link's hash of the inbox it was mailed to (addressBinding); absent on other links. */
type LeadLink = { purpose: LinkPurpose; table: LeadTable; leadId: string; expiresAt: Date; address?: string };

export type CheckedLink =
  | ({ ok: true } & LeadLink)
  /** `expired` still names the lead, so the page can offer a fresh link. */
  | ({ ok: false; reason: "expired" } & LeadLink)
  | { ok: false; reason: "invalid" };

type Secrets = { SESSION_SECRET?: string };

const secretsOf = (env: Secrets, isLocal: boolean) => verifyingSecrets(env.SESSION_SECRET, isLocal);

/** The lead a mail's links are made for; `normalized_email` is its inbox as duplicates are compared. */
type LinkedLead = { id: string; email: string; normalized_email: string | null };

/**
 * What a confirm link binds: the lead's inbox as duplicates are compared (case, +tag, Gmail's dots),
 * hashed, so the link names no address. The same inbox typed another way keeps its link working.
 */
export async function addressBinding(lead: Omit<LinkedLead, "id">): Promise<string> {
  return (await sha256Hex(`confirm-to:${lead.normalized_email ?? lead.email.trim().toLowerCase()}`)).slice(0, 24);
}

export async function signLeadLink(
  env: Secrets,
  isLocal: boolean,
  link: { purpose: LinkPurpose; table: LeadTable; leadId: string; ttlMs: number; address?: string },
  now: Date = new Date(),
): Promise<string> {
  const bound = link.address ? `:${link.address}` : "";
  const payload = base64url(new TextEncoder().encode(`${link.purpose}:${link.table}:${link.leadId}:${now.getTime() + link.ttlMs}${bound}`));
  return `${payload}.${base64url(await hmacSign(secretsOf(env, isLocal)[0], payload))}`;
}

export async function checkLeadLink(
  env: Secrets,
  isLocal: boolean,
  token: string | null,
  purpose: LinkPurpose,
  now: Date = new Date(),
): Promise<CheckedLink> {
  const invalid = { ok: false, reason: "invalid" } as const;
  if (!token || token.length > 512) return invalid;
  const [payload, signatureRaw, extra] = token.split(".");
  const signature = signatureRaw ? fromBase64url(signatureRaw) : null;
  const payloadBytes = payload ? fromBase64url(payload) : null;
  if (extra !== undefined || !signature || !payloadBytes) return invalid;
  let valid = false;
  for (const secret of secretsOf(env, isLocal)) {
    if (await hmacVerify(secret, signature, payload)) valid = true;
  }
  if (!valid) return invalid;
  const [linkPurpose, table, leadId, expiresRaw, address, rest] = new TextDecoder().decode(payloadBytes).split(":");
  if (linkPurpose !== purpose || rest !== undefined || !leadId || !/^\d{1,15}$/.test(expiresRaw ?? "")) return invalid;
  if (!(LEAD_TABLES as readonly string[]).includes(table)) return invalid;
  if (address !== undefined && !/^[0-9a-f]{24}$/.test(address)) return invalid;
  const link: LeadLink = { purpose, table: table as LeadTable, leadId, expiresAt: new Date(Number(expiresRaw)), address };
  if (link.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired", ...link };
  return { ok: true, ...link };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** An e-mail's "Manage my data" link (/my-data?t=…) works for a year: mails are kept and reopened long after. */
const MANAGE_LINK_DAYS = 365;

/** Where a link is made: its secrets, and the variant's public origin the link opens on. */
type LinkContext = Pick<RequestContext, "env" | "isLocal" | "origin" | "variant">;

async function signedPageLink(
  ctx: LinkContext,
  page: string,
  link: { purpose: LinkPurpose; table: LeadTable; leadId: string; ttlMs: number; address?: string },
  now: Date,
): Promise<string> {
  const token = await signLeadLink(ctx.env, ctx.isLocal, link, now);
  return absoluteLinkTo(ctx.origin, ctx.variant, page, { t: token });
}

/** The double opt-in button page (/verify-email?t=…) for the inbox the lead holds now, good for `confirmLinkDays`. */
async function verifyLinkFor(ctx: LinkContext, table: LeadTable, lead: LinkedLead, now: Date = new Date()): Promise<string> {
  const ttlMs = referralRules.confirmLinkDays * DAY_MS;
  const address = await addressBinding(lead);
  return signedPageLink(ctx, "verify-email", { purpose: "confirm", table, leadId: lead.id, ttlMs, address }, now);
}

/** The parent's status page (/status?t=…), good for `statusLinkDays`. */
export function statusLinkFor(ctx: LinkContext, table: LeadTable, leadId: string, now: Date = new Date()): Promise<string> {
  const ttlMs = referralRules.statusLinkDays * DAY_MS;
  return signedPageLink(ctx, "status", { purpose: "status", table, leadId, ttlMs }, now);
}

/** "Manage my data" (/my-data?t=…), in every e-mail's footer and on the status page. */
export function manageLinkFor(ctx: LinkContext, table: LeadTable, leadId: string, now: Date = new Date()): Promise<string> {
  const ttlMs = MANAGE_LINK_DAYS * DAY_MS;
  return signedPageLink(ctx, "my-data", { purpose: "manage", table, leadId, ttlMs }, now);
}

/** A wave's invite (/invite?t=…), good until the member row's `invite_expires_at`. */
export function inviteLinkFor(
  ctx: LinkContext,
  table: LeadTable,
  leadId: string,
  expiresAt: string,
  now: Date = new Date(),
): Promise<string> {
  const ttlMs = new Date(expiresAt).getTime() - now.getTime();
  return signedPageLink(ctx, "invite", { purpose: "invite", table, leadId, ttlMs }, now);
}

/** A download reward's file (/rewards/download?t=…, ADR 035): the ledger row's id, good for a week; pages sign a fresh one. */
export function rewardDownloadLinkFor(ctx: LinkContext, table: LeadTable, earnedId: string, now: Date = new Date()): Promise<string> {
  return signedPageLink(ctx, "rewards/download", { purpose: "reward", table, leadId: earnedId, ttlMs: 7 * DAY_MS }, now);
}

/** The links of the waitlist mails and pages: the confirmation button page, the status page and "Manage my data". */
export async function leadLinksFor(ctx: LinkContext, table: LeadTable, lead: LinkedLead, now: Date = new Date()) {
  const [verifyLink, statusLink, manageLink] = await Promise.all([
    verifyLinkFor(ctx, table, lead, now),
    statusLinkFor(ctx, table, lead.id, now),
    manageLinkFor(ctx, table, lead.id, now),
  ]);
  return { verifyLink, statusLink, manageLink };
}
