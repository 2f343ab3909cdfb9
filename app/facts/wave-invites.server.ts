import type { EmailData } from "#emails/render.server";
import { getBackend } from "~/data/backend.server";
import type { Fact } from "~/data/ports/fact-store";
import type { LeadTable } from "~/data/ports/lead-store";
import type { WaveMember } from "~/data/ports/wave-store";
import { mailQueueOf } from "~/mail/mail-queue.server";
import { queueTemplateMail, writeTemplateMails, type TemplateMailInput } from "~/mail/outbox.server";
import { inviteLinkFor, manageLinkFor } from "~/platform/lead-links.server";
import type { AppEnv } from "~/utils/env.server";
import type { Variant } from "~/utils/variant";
import { variantOfKey } from "~/utils/variant";
import type { FactContext } from "./context.server";

/**
 * A wave's invites (docs/decisions/025-waves-and-invites.md) as a reaction to its `wave.admitted`
 * fact: a chunk of members at a time, each chunk a bounded number of statements (one outbox row per
 * invite, and a few reads and writes for the chunk), so a wave of any size goes out in queue messages
 * D1 allows. The dedupe key `invite:{wave}:{lead}` makes a chunk written twice queue nothing twice.
 */

/** Invites per chunk: one outbox statement each, and the chunk's few reads, well within a message's 500. */
const INVITE_CHUNK = 200;

type LinkContext = { env: AppEnv; isLocal: boolean; origin: string; variant: Variant };

/** The invite mail of one member; `club` names the club a club wave admitted (ADR 039). */
export async function inviteMailData(
  links: LinkContext,
  table: LeadTable,
  member: Pick<WaveMember, "lead_id" | "invite_expires_at">,
  hasAccount: boolean,
  club: string | null,
  now: Date,
): Promise<EmailData> {
  const expires = new Date(member.invite_expires_at);
  return {
    origin: links.origin,
    inviteLink: await inviteLinkFor(links, table, member.lead_id, member.invite_expires_at, now),
    inviteExpires: expires.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
    manageLink: await manageLinkFor(links, table, member.lead_id),
    // A parent who already has an account is asked to sign in, not to create one.
    hasAccount,
    club,
  };
}

/** The table a fact's natural id names (`{type}:{table}:{row}`). */
export function tableOfFact(fact: Pick<Fact, "id">): LeadTable {
  return fact.id.split(":")[1] as LeadTable;
}

/**
 * Writes the invites of the next chunk of the wave's unsent members after place `after`, and stamps
 * them sent. Answers the place to go on after, or null when the wave has no unsent member past it.
 */
export async function inviteChunk(ctx: FactContext, fact: Fact, after: number): Promise<number | null> {
  const backend = getBackend(ctx);
  const table = tableOfFact(fact);
  const waveId = String(fact.payload.wave_id);
  const [wave, members] = await Promise.all([backend.waves.get(waveId), backend.waves.unsentOf(waveId, after, INVITE_CHUNK)]);
  if (!wave || members.length === 0) return null;
  const [leads, club] = await Promise.all([
    backend.leads.getByIds(
      table,
      members.map((member) => member.lead_id),
    ),
    wave.club_id ? backend.clubs.get(wave.club_id) : null,
  ]);
  const accounts = new Set(await backend.leads.withAccounts(leads));
  const emailOf = new Map(leads.map((lead) => [lead.id, lead.email]));
  const variant = variantOfKey(wave.variant);
  const origin = String(fact.payload.origin);
  const links = { env: ctx.env, isLocal: fact.payload.local === true, origin, variant };
  const now = (ctx.now ?? (() => new Date()))();
  // A member whose lead is gone (erased since) gets no invite.
  const invited = members.filter((member) => emailOf.has(member.lead_id));
  const mails: TemplateMailInput[] = await Promise.all(
    invited.map(async (member) => ({
      dedupeKey: `invite:${wave.id}:${member.lead_id}`,
      template: "invite" as const,
      variant,
      to: emailOf.get(member.lead_id)!,
      data: await inviteMailData(links, table, member, accounts.has(member.lead_id), club?.name ?? null, now),
    })),
  );
  if (mailQueueOf(ctx.bindings)) await writeTemplateMails(ctx, mails);
  else {
    // Without a queue (Vite dev, tests) each invite is sent after the response, as a page's mail is.
    const queued = await Promise.all(mails.map((mail) => queueTemplateMail(ctx, mail)));
    if (queued.some((result) => !result.queued)) throw new Error("An invite could not be written to the outbox");
  }
  await backend.waves.markSentMany(
    table,
    invited.map((member) => member.lead_id),
    now.toISOString(),
  );
  return members.length < INVITE_CHUNK ? null : members[members.length - 1].place;
}
