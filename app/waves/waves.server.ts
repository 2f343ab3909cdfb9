import { referralRules } from "#content/referrals";
import { getBackend } from "~/data/backend.server";
import type { Lead, LeadTable } from "~/data/ports/lead-store";
import type { Wave, WaveMember, WaveSummary } from "~/data/ports/wave-store";
import type { NewFact } from "~/data/ports/fact-store";
import { dispatchFact } from "~/facts/facts.server";
import { inviteMailData } from "~/facts/wave-invites.server";
import { recipientMailSlot } from "~/mail/recipient-limit.server";
import { queueTemplateMail } from "~/mail/outbox.server";
import { emailHash } from "~/mail/suppression.server";
import { checkLeadLink } from "~/platform/lead-links.server";
import { spotsOf } from "~/standing/standing";
import type { RequestContext } from "~/utils/context.server";
import { variantKey } from "~/utils/variant";

/**
 * Waves of admission (docs/decisions/025-waves-and-invites.md): an admin admits the next N parents
 * of one variant's line, in place-in-line order, confirmed parents only, skipping any address on
 * the suppression list (erased, unsubscribed, bounced, complained). The places are computed once,
 * at admission, and kept with the wave: later referral credits never reshuffle it. Each member gets
 * one invite mail with a signed, single-use link. One instance per request, bound to its variant.
 * Reading the candidates and admitting them is a handful of statements whatever the wave's size;
 * the wave's `wave.admitted` fact, written with it, sends the invites and the webhook event
 * (app/facts/reactions.server.ts, ADR 046).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const { inviteLinkDays, inviteResendMinutes } = referralRules;

/** At most this many parents in one wave (the form's limit): a bigger launch is several waves. */
export const MAX_WAVE_SIZE = 1000;

type Ctx = Pick<RequestContext, "env" | "bindings" | "leadTable" | "variant" | "contentKey" | "origin" | "isLocal" | "waitUntil">;

export type Candidate = { leadId: string; place: number; email: string };

/** Leads read per statement while looking for candidates (one JSON parameter of ids). */
const READ_CHUNK = 1000;

/** The next wave as the admin page shows it before admitting. */
export type NextWave = { seq: number; size: number; members: Candidate[]; lastPlace: number | null; spotsLeft: number };

export type AdmitOutcome =
  /** `invited`: the members whose invites are now on their way (queued by the wave's fact). */
  | { kind: "admitted"; wave: Wave; invited: number }
  /** The form's wave number exists already (a double click, a resubmitted POST, another admin). */
  | { kind: "already"; wave: Wave }
  /** The page was older than the last wave: its number is past the next one. */
  | { kind: "stale" }
  | { kind: "empty" };

/** What an admitted parent's status page says. */
export type InviteView = {
  invitedAt: string;
  acceptedAt: string | null;
  expiresAt: string;
  expired: boolean;
  place: number;
};

export type InviteLinkState =
  | { state: "invalid" }
  | { state: "expired"; lead: Lead; member: WaveMember }
  | { state: "accepted"; lead: Lead; member: WaveMember }
  | { state: "open"; lead: Lead; member: WaveMember };

export function wavesOf(ctx: Ctx, now: () => Date = () => new Date()) {
  const backend = getBackend(ctx);
  const store = backend.waves;
  const table: LeadTable = ctx.leadTable;

  /**
   * Of these parents (in line order, with their places), those whose lead is there, confirmed when
   * `confirmed` asks it, and whose address is on no suppression list: one read of the leads and one
   * of the suppression entries per READ_CHUNK parents.
   */
  async function mailable(entries: readonly { id: string; place: number }[], confirmed: boolean): Promise<Candidate[]> {
    const leads = await backend.leads.getByIds(
      table,
      entries.map((entry) => entry.id),
    );
    const byId = new Map(leads.map((lead) => [lead.id, lead]));
    const found = entries.flatMap((entry) => {
      const lead = byId.get(entry.id);
      return lead && (!confirmed || lead.confirm_seq !== null) ? [{ leadId: lead.id, place: entry.place, email: lead.email }] : [];
    });
    const hashes = await Promise.all(found.map((candidate) => emailHash(candidate.email)));
    const entriesOf = found.length ? await backend.suppressions.entriesOfMany(hashes) : {};
    // Any entry: erased (all), bounced or complained (all), unsubscribed (marketing).
    return found.filter((_, i) => !(entriesOf[hashes[i]]?.length ?? 0));
  }

  /** The first `size` parents of the line not yet admitted whose address may be mailed, with their places now. */
  async function candidates(size: number): Promise<Candidate[]> {
    const [line, admitted] = await Promise.all([backend.referrals.line(table), store.admittedIds(table)]);
    const skip = new Set(admitted);
    const picked: Candidate[] = [];
    const waiting = line.map((id, index) => ({ id, place: index + 1 })).filter((entry) => !skip.has(entry.id));
    // A chunk of the line at a time, in line order, until the wave is full.
    for (let start = 0; start < waiting.length && picked.length < size; start += READ_CHUNK) {
      for (const found of await mailable(waiting.slice(start, start + READ_CHUNK), true)) if (picked.length < size) picked.push(found);
    }
    return picked;
  }

  /** The counted, waiting and mailable families of each club, with their places now, in line order. */
  async function clubCandidatesOf(clubIds: readonly string[]): Promise<Record<string, Candidate[]>> {
    const [counted, line, admitted] = await Promise.all([
      table === "leads" ? ({} as Record<string, string[]>) : backend.clubs.countedMembersOfMany(table, clubIds),
      backend.referrals.line(table),
      store.admittedIds(table),
    ]);
    const skip = new Set(admitted);
    const placeOf = new Map(line.map((id, index) => [id, index + 1]));
    const waiting = [...new Set(Object.values(counted).flat())].flatMap((id) => {
      const place = placeOf.get(id);
      return skip.has(id) || place === undefined ? [] : [{ id, place }];
    });
    const ok = new Map<string, Candidate>();
    for (let start = 0; start < waiting.length; start += READ_CHUNK) {
      for (const found of await mailable(waiting.slice(start, start + READ_CHUNK), false)) ok.set(found.leadId, found);
    }
    return Object.fromEntries(
      clubIds.map((id) => [
        id,
        (counted[id] ?? []).flatMap((leadId) => (ok.has(leadId) ? [ok.get(leadId)!] : [])).sort((a, b) => a.place - b.place),
      ]),
    );
  }

  /** Queues one invite mail; `sendKey` is the outbox dedupe key, so a repeat queues nothing. */
  async function mailInvite(member: WaveMember, email: string, sendKey: string): Promise<boolean> {
    const hasAccount = await backend.leads.hasAccount(member.lead_id, email);
    const queued = await queueTemplateMail(ctx, {
      dedupeKey: sendKey,
      template: "invite",
      variant: ctx.variant,
      to: email,
      data: await inviteMailData(ctx, table, member, hasAccount, null, now()),
    });
    // Not queued (the outbox write failed) is logged by queueTemplateMail (mail.outbox_write_failed).
    return queued.queued;
  }

  /** The natural id of a wave's `wave.admitted` fact (the webhook event's id too). */
  const factIdOf = (waveId: string) => `wave.admitted:${table}:${waveId}`;

  /**
   * Writes the wave, its members and its `wave.admitted` fact in one transaction, and hands the fact
   * to its reactions (the invites, the webhook event) after the response. A repeat of the number
   * writes nothing and hands the existing wave's fact on again: invites a first request left unsent go out.
   */
  async function admitMembers(
    seq: number,
    members: Candidate[],
    sizeAsked: number,
    adminEmail: string,
    clubId: string | null,
  ): Promise<AdmitOutcome> {
    const at = now();
    const expiresAt = new Date(at.getTime() + inviteLinkDays * DAY_MS).toISOString();
    const id = crypto.randomUUID();
    const leadIds = members.map((member) => member.leadId);
    const fact: NewFact = {
      id: factIdOf(id),
      type: "wave.admitted",
      // Ids and figures, and where the invite links point (the admin's origin), no address.
      payload: { wave_id: id, seq, lead_ids: leadIds, origin: ctx.origin, local: ctx.isLocal },
      created_at: at.toISOString(),
    };
    const result = await store.admit(
      table,
      {
        id,
        variant: variantKey(ctx.variant),
        seq,
        size_asked: sizeAsked,
        created_at: at.toISOString(),
        created_by: adminEmail,
        // Written with the wave itself: the list of waves names the club it admitted.
        ...(clubId ? { club_id: clubId } : {}),
      },
      members.map((member) => ({ lead_id: member.leadId, place: member.place, invite_expires_at: expiresAt })),
      fact,
    );
    dispatchFact(ctx, factIdOf(result.wave.id));
    return result.created ? { kind: "admitted", wave: result.wave, invited: members.length } : { kind: "already", wave: result.wave };
  }

  /** A repeat of wave number `seq`: the wave, its fact handed on again; stale when the number is past the next one. */
  async function repeated(seq: number): Promise<AdmitOutcome | null> {
    const count = await store.count(table);
    if (seq > count + 1) return { kind: "stale" };
    if (seq > count) return null;
    const existing = (await store.list(table, now().toISOString())).find((wave) => wave.seq === seq);
    if (!existing) return { kind: "stale" };
    dispatchFact(ctx, factIdOf(existing.id));
    return { kind: "already", wave: existing };
  }

  /** The first-wave spots left, as the parent page and the console count them (app/standing). */
  async function spotsLeft(): Promise<number> {
    return spotsOf(await store.admittedCount(table)).left;
  }

  return {
    spotsLeft,

    /** The number the next wave will have and the first-wave spots left (the admin form's suggestion). */
    async upcoming(): Promise<{ seq: number; spotsLeft: number }> {
      const [count, left] = await Promise.all([store.count(table), spotsLeft()]);
      return { seq: count + 1, spotsLeft: left };
    },

    /** The next wave of `size` (default: the first-wave spots left): its number, who would be in and the last place. */
    async next(size?: number): Promise<NextWave> {
      const [count, left] = await Promise.all([store.count(table), spotsLeft()]);
      const wanted = size ?? left;
      const members = wanted > 0 ? await candidates(wanted) : [];
      return { seq: count + 1, size: wanted, members, lastPlace: members.at(-1)?.place ?? null, spotsLeft: left };
    },

    /**
     * Admits the next `size` parents as wave number `seq` (the number the admin's page showed) and
     * queues their invites. One wave per number: a repeat answers `already` and only queues the
     * invites a first request may have left unsent.
     */
    async admit(seq: number, size: number, adminEmail: string): Promise<AdmitOutcome> {
      const repeat = await repeated(seq);
      if (repeat) return repeat;
      const members = await candidates(size);
      if (members.length === 0) return { kind: "empty" };
      return admitMembers(seq, members, size, adminEmail, null);
    },

    /**
     * The club's counted families (ADR 039) still waiting and mailable, with their places now: who a
     * club wave would admit, in line order.
     */
    async clubCandidates(clubId: string): Promise<Candidate[]> {
      return (await clubCandidatesOf([clubId]))[clubId] ?? [];
    },

    /** clubCandidates of many clubs at once, by club id: the waves page's club section. */
    clubCandidatesOf,

    /**
     * Admits a club's waiting families as wave number `seq`, one invite each saying the club gets in
     * together. Like admit: one wave per number, a repeat only queues invites left unsent.
     */
    async admitClub(seq: number, club: { id: string; name: string }, adminEmail: string): Promise<AdmitOutcome> {
      const repeat = await repeated(seq);
      if (repeat) return repeat;
      const members = await this.clubCandidates(club.id);
      if (members.length === 0) return { kind: "empty" };
      return admitMembers(seq, members, members.length, adminEmail, club.id);
    },

    /** The variant's waves with their figures, newest first. */
    list: (): Promise<WaveSummary[]> => store.list(table, now().toISOString()),

    /** The invites that expired unaccepted, newest wave first, with the parents' e-mails: the admin page's re-send list. */
    async expired(): Promise<{ leadId: string; email: string | null; seq: number; place: number; expiresAt: string }[]> {
      const members = await store.expiredOf(table, now().toISOString());
      const leads = await backend.leads.getByIds(
        table,
        members.map((member) => member.lead_id),
      );
      const emailOf = new Map(leads.map((lead) => [lead.id, lead.email]));
      return members.map((member) => ({
        leadId: member.lead_id,
        email: emailOf.get(member.lead_id) ?? null,
        seq: member.seq,
        place: member.place,
        expiresAt: member.invite_expires_at,
      }));
    },

    /** A wave's members (place order) with their e-mails, for the admin page. */
    async membersOf(waveId: string) {
      const wave = await store.get(waveId);
      if (!wave || wave.lead_table !== table) return null;
      const members = await store.membersOf(waveId);
      const leads = await backend.leads.getByIds(
        table,
        members.map((member) => member.lead_id),
      );
      const emailOf = new Map(leads.map((lead) => [lead.id, lead.email]));
      return { wave, members: members.map((member) => ({ ...member, email: emailOf.get(member.lead_id) ?? null })) };
    },

    /**
     * The admin's re-send of an expired, unaccepted invite: a fresh link for another `inviteLinkDays`.
     * `sent` once for parallel clicks; `not-expired` while the invite still works or was accepted.
     */
    async renew(leadId: string): Promise<{ outcome: "sent" | "not-expired" | "missing"; email?: string }> {
      const member = await store.memberOf(table, leadId);
      const lead = member ? await backend.leads.getById(table, leadId) : null;
      if (!member || !lead) return { outcome: "missing" };
      const at = now();
      const expiresAt = new Date(at.getTime() + inviteLinkDays * DAY_MS).toISOString();
      if (!(await store.renew(table, leadId, at.toISOString(), expiresAt))) return { outcome: "not-expired", email: lead.email };
      const renewed = { ...member, invite_expires_at: expiresAt };
      await mailInvite(renewed, lead.email, `invite:${member.wave_id}:${leadId}:renewed:${expiresAt}`);
      return { outcome: "sent", email: lead.email };
    },

    /**
     * The parent's "send my invite again": the same link again, at most once per `inviteResendMinutes`
     * for the lead and within the per-address limit of every mail a visitor can trigger (ADR 041).
     */
    async resend(lead: Lead): Promise<"sent" | "wait" | "none"> {
      const member = await store.memberOf(table, lead.id);
      if (!member || member.accepted_at || new Date(member.invite_expires_at) <= now()) return "none";
      const at = now();
      // The address's slot first: a press the address may not have costs the lead's interval nothing.
      const slot = await recipientMailSlot({ ...ctx, now: () => at }, "invite-again", lead.email);
      if (!slot.fresh) return "wait";
      const before = new Date(at.getTime() - inviteResendMinutes * 60_000).toISOString();
      if (!(await store.resendDue(table, lead.id, at.toISOString(), before))) return "wait";
      const sent = await mailInvite(member, lead.email, slot.key);
      return sent ? "sent" : "none";
    },

    /** What the status page says of the parent's admission: null while not admitted. */
    async inviteOf(leadId: string): Promise<InviteView | null> {
      const member = await store.memberOf(table, leadId);
      if (!member) return null;
      const wave = await store.get(member.wave_id);
      return {
        invitedAt: member.invite_sent_at ?? wave?.created_at ?? member.invite_expires_at,
        acceptedAt: member.accepted_at,
        expiresAt: member.invite_expires_at,
        expired: !member.accepted_at && new Date(member.invite_expires_at) <= now(),
        place: member.place,
      };
    },

    /** Parents of this variant admitted so far (the status page of those still waiting). */
    admittedCount: () => store.admittedCount(table),

    /** The lead and invite an /invite link names; stamps its first opening (the launch funnel). */
    async checkInvite(token: string | null, options: { open?: boolean } = {}): Promise<InviteLinkState> {
      const link = await checkLeadLink(ctx.env, ctx.isLocal, token, "invite", now());
      if (!link.ok && link.reason === "invalid") return { state: "invalid" };
      if (link.table !== table) return { state: "invalid" };
      const [member, lead] = await Promise.all([store.memberOf(table, link.leadId), backend.leads.getById(table, link.leadId)]);
      if (!member || !lead) return { state: "invalid" };
      if (options.open) await store.markOpened(table, lead.id, now().toISOString());
      if (member.accepted_at) return { state: "accepted", lead, member };
      if (!link.ok) return { state: "expired", lead, member };
      return { state: "open", lead, member };
    },

    /** Whether the invited parent already has an account: they sign in rather than create one. */
    hasAccount: (lead: Lead) => backend.leads.hasAccount(lead.id, lead.email),

    /** Accepts the invite once: true for the one request that accepted it. */
    accept: (leadId: string) => store.accept(table, leadId, now().toISOString()),

    /** The account made from an accepted invite; true the first time. */
    accountCreated: (leadId: string) => store.markAccount(table, leadId, now().toISOString()),
  };
}
