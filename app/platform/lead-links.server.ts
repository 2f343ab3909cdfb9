import { base64url, fromBase64url, hmacSign, hmacVerify, verifyingSecrets } from "./crypto.server";
import type { LeadTable } from "~/data/ports/lead-store";
import { LEAD_TABLES } from "~/data/lead-model";

/**
 * Signed, no-login links to one lead: `confirm` (the double opt-in button page), `status` (the
 * parent's place in line), `manage` (the parent's data: export and erasure) and `invite` (a wave's
 * invite, docs/decisions/025-waves-and-invites.md: single use, which the wave's member row enforces). A token reads `{payload}.{signature}` where the payload is
 * base64url(`{purpose}:{table}:{leadId}:{expiresAtMs}`) and the signature is HMAC-SHA256 with the
 * first SESSION_SECRET; every secret of the rotation list verifies. Nothing is stored: a link is
 * good until it expires, and confirming twice changes nothing.
 */

export type LinkPurpose = "confirm" | "status" | "manage" | "invite";

export type LeadLink = { purpose: LinkPurpose; table: LeadTable; leadId: string; expiresAt: Date };

export type CheckedLink =
  | ({ ok: true } & LeadLink)
  /** `expired` still names the lead, so the page can offer a fresh link. */
  | ({ ok: false; reason: "expired" } & LeadLink)
  | { ok: false; reason: "invalid" };

type Secrets = { SESSION_SECRET?: string };

const secretsOf = (env: Secrets, isLocal: boolean) => verifyingSecrets(env.SESSION_SECRET, isLocal);

export async function signLeadLink(
  env: Secrets,
  isLocal: boolean,
  link: { purpose: LinkPurpose; table: LeadTable; leadId: string; ttlMs: number },
  now: Date = new Date(),
): Promise<string> {
  const payload = base64url(new TextEncoder().encode(`${link.purpose}:${link.table}:${link.leadId}:${now.getTime() + link.ttlMs}`));
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
  const [linkPurpose, table, leadId, expiresRaw, rest] = new TextDecoder().decode(payloadBytes).split(":");
  if (linkPurpose !== purpose || rest !== undefined || !leadId || !/^\d{1,15}$/.test(expiresRaw ?? "")) return invalid;
  if (!(LEAD_TABLES as readonly string[]).includes(table)) return invalid;
  const link: LeadLink = { purpose, table: table as LeadTable, leadId, expiresAt: new Date(Number(expiresRaw)) };
  if (link.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired", ...link };
  return { ok: true, ...link };
}
