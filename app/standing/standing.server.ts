import { getBackend, type BackendContext } from "~/data/backend.server";
import { referralRules } from "#content/referrals";
import type { Lead, LeadTable } from "~/data/ports/lead-store";
import type { ReferralCounts } from "~/data/ports/referral-store";
import type { WaveMember } from "~/data/ports/wave-store";
import type { RequestContext } from "~/utils/context.server";
import { spotsOf, standingOf, type Spots, type Standing } from "./standing";

const DAY_MS = 24 * 60 * 60 * 1000;

type Ctx = Pick<RequestContext, "env" | "bindings" | "leadTable">;

function inviteFacts(member: WaveMember) {
  return {
    // Not sent yet (a send in flight): the day the link was made, its expiry less its lifetime.
    invitedAt:
      member.invite_sent_at ?? new Date(new Date(member.invite_expires_at).getTime() - referralRules.inviteLinkDays * DAY_MS).toISOString(),
    expiresAt: member.invite_expires_at,
    acceptedAt: member.accepted_at,
    place: member.place,
  };
}

/**
 * The standings of many confirmed parents of one table (a mail chunk, an audience page) in four
 * reads whatever their number: places, parents admitted, memberships and accounts. Without the
 * line's length and held credits: a mail or a count needs the kind and the place only.
 */
export async function standingsOfMany(
  ctx: BackendContext,
  table: LeadTable,
  leads: readonly { id: string; email: string }[],
  now: Date = new Date(),
): Promise<Record<string, Standing>> {
  if (leads.length === 0) return {};
  const backend = getBackend(ctx);
  const ids = leads.map((lead) => lead.id);
  const [places, admitted, members, accounts] = await Promise.all([
    backend.referrals.placesOf(table, ids),
    backend.waves.admittedCount(table),
    backend.waves.membersOfMany(table, ids),
    backend.leads.withAccounts(leads),
  ]);
  const withAccount = new Set(accounts);
  return Object.fromEntries(
    leads.map((lead) => {
      const member = members[lead.id];
      const place = places[lead.id] ?? null;
      const facts = {
        confirmed: place !== null,
        place,
        admitted,
        invite: member ? inviteFacts(member) : null,
        hasAccount: withAccount.has(lead.id),
      };
      return [lead.id, standingOf(facts, now)];
    }),
  );
}

/**
 * Reads the facts of a parent's standing and derives it (standing.ts): the status page, the
 * confirm pages, the mails and the admin views ask here, and none computes its own.
 */
export async function standingOfLead(
  ctx: Ctx,
  lead: Lead,
  now: Date = new Date(),
): Promise<{ standing: Standing; spots: Spots; referrals: ReferralCounts }> {
  const backend = getBackend(ctx);
  const table = ctx.leadTable;
  const confirmed = lead.confirm_seq !== null;
  const [place, admitted, member, hasAccount, lineSize, referrals] = await Promise.all([
    confirmed ? backend.referrals.placeOf(table, lead) : Promise.resolve(null),
    backend.waves.admittedCount(table),
    backend.waves.memberOf(table, lead.id),
    backend.leads.hasAccount(lead.id, lead.email),
    confirmed ? backend.referrals.confirmedCount(table) : Promise.resolve(0),
    // The parent's referrals by status: credited ones moved the place, held ones wait for review (ADR 036).
    backend.referrals.countsFor(table, lead.id),
  ]);
  const invite = member ? inviteFacts(member) : null;
  return {
    standing: standingOf({ confirmed, place, admitted, invite, hasAccount, lineSize, held: referrals.held }, now),
    spots: spotsOf(admitted),
    referrals,
  };
}

/** The first-wave spots of one lead table (the console's cards, the waves page). */
export async function spotsOfTable(ctx: Pick<RequestContext, "env" | "bindings">, table: LeadTable): Promise<Spots> {
  return spotsOf(await getBackend(ctx).waves.admittedCount(table));
}
