import type { LeadTable } from "~/utils/variant";
import type { WebhookEvent } from "./emit.server";

/**
 * The app's facts as webhook events (ADR 038), one helper per fact so the event ids and payloads
 * are made in one place; each is recorded by its fact's reaction (app/facts/reactions.server.ts).
 * Each id is the fact's own (`{type}:{table}:{row id}`): recorded again by a retry, it makes no
 * second delivery. Every stored payload is ids and figures: lead.confirmed's
 * receiver gets the parent's e-mail too, read from the lead when it is sent (deliver.server.ts),
 * so an erased parent's address is never stored here nor sent.
 */

const VARIANT_OF_TABLE: Record<LeadTable, string> = {
  leads: "genius",
  leads_icehockey: "champion-icehockey",
  leads_tennis: "champion-tennis",
};

/** An event as it is emitted: the fact's id, its variant and its data. */
function eventOf(type: WebhookEvent["type"], table: LeadTable, rowId: string, data: Record<string, unknown>): WebhookEvent {
  return { type, id: `${type}:${table}:${rowId}`, variant: VARIANT_OF_TABLE[table], data };
}

/** A wave's event (a club wave's too), recorded by the wave's fact's reaction (app/facts/reactions.server.ts). */
export function waveAdmittedEvent(table: LeadTable, wave: { id: string; seq: number }, leadIds: string[]): WebhookEvent {
  return eventOf("wave.admitted", table, wave.id, { wave_id: wave.id, seq: wave.seq, lead_ids: leadIds });
}

/** A confirmation's event, recorded by its fact's reaction. */
export function leadConfirmedEvent(table: LeadTable, lead: { id: string; lead_source: string | null }, at: string): WebhookEvent {
  return eventOf("lead.confirmed", table, lead.id, { lead_id: lead.id, source: lead.lead_source, confirmed_at: at });
}

type ReferralIds = { id: string; referrer_id: string | null; referred_id: string };

/** A credit's event (an approved held credit's too: the same id), recorded by its fact's reaction. */
export function referralCreditedEvent(table: LeadTable, referral: ReferralIds): WebhookEvent {
  return eventOf("referral.credited", table, referral.id, {
    referral_id: referral.id,
    referrer_id: referral.referrer_id,
    referred_id: referral.referred_id,
  });
}

/** A held credit's event, with its reasons (codes), recorded by its fact's reaction. */
export function referralHeldEvent(table: LeadTable, referral: ReferralIds, reasons: string[]): WebhookEvent {
  return eventOf("referral.held", table, referral.id, {
    referral_id: referral.id,
    referrer_id: referral.referrer_id,
    referred_id: referral.referred_id,
    reasons,
  });
}

/** A reward earned (a step of the ladder, with its kind and threshold), recorded by its fact's reaction. */
export function rewardEarnedEvent(
  table: LeadTable,
  reward: { id: string; lead_id: string; step_id: string },
  step: { kind: string; threshold: number },
): WebhookEvent {
  return eventOf("reward.earned", table, reward.id, {
    reward_id: reward.id,
    lead_id: reward.lead_id,
    step_id: reward.step_id,
    kind: step.kind,
    threshold: step.threshold,
  });
}

/**
 * A club's count of confirmed families first reached the milestone the admin set (ADR 039): no
 * family is named. Recorded by its fact's reaction.
 */
export function clubMilestoneEvent(
  table: LeadTable,
  club: { id: string; slug: string; name: string; city: string; milestone: number | null },
  families: number,
): WebhookEvent {
  return eventOf("club.milestone", table, club.id, {
    club_id: club.id,
    slug: club.slug,
    name: club.name,
    city: club.city,
    milestone: club.milestone,
    families,
  });
}

/** An invite accepted, recorded by its fact's reaction. */
export function inviteAcceptedEvent(table: LeadTable, leadId: string, waveId: string | null): WebhookEvent {
  return eventOf("invite.accepted", table, leadId, { lead_id: leadId, wave_id: waveId });
}

/** An entry erased (a parent's erasure, an admin's delete): ids only, the address is gone. Recorded by its fact's reaction. */
export function leadErasedEvent(table: LeadTable, leadId: string): WebhookEvent {
  return eventOf("lead.erased", table, leadId, { lead_id: leadId });
}
