import type { RequestContext } from "~/utils/context.server";
import type { LeadTable } from "~/utils/variant";
import { emitWebhookEvent, type WebhookEvent } from "./emit.server";

/**
 * The app's facts as webhook events (ADR 038), one helper per fact so the event ids and payloads
 * are made in one place. Each id is the fact's own (`{type}:{table}:{row id}`): emitted again by a
 * retry, it makes no second delivery. Every stored payload is ids and figures: lead.confirmed's
 * receiver gets the parent's e-mail too, read from the lead when it is sent (deliver.server.ts),
 * so an erased parent's address is never stored here nor sent.
 */

type Ctx = Pick<RequestContext, "env" | "bindings"> & { waitUntil?: RequestContext["waitUntil"] };

const VARIANT_OF_TABLE: Record<LeadTable, string> = {
  leads: "genius",
  leads_icehockey: "champion-icehockey",
  leads_tennis: "champion-tennis",
};

/** An event as it is emitted: the fact's id, its variant and its data. */
function eventOf(
  type: Parameters<typeof emitWebhookEvent>[1]["type"],
  table: LeadTable,
  rowId: string,
  data: Record<string, unknown>,
): WebhookEvent {
  return { type, id: `${type}:${table}:${rowId}`, variant: VARIANT_OF_TABLE[table], data };
}

function emit(
  ctx: Ctx,
  type: Parameters<typeof emitWebhookEvent>[1]["type"],
  table: LeadTable,
  rowId: string,
  data: Record<string, unknown>,
) {
  emitWebhookEvent(ctx, eventOf(type, table, rowId, data));
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

export const webhookEvents = {
  rewardEarned(
    ctx: Ctx,
    table: LeadTable,
    reward: { id: string; lead_id: string; step_id: string },
    step: { kind: string; threshold: number },
  ) {
    emit(ctx, "reward.earned", table, reward.id, {
      reward_id: reward.id,
      lead_id: reward.lead_id,
      step_id: reward.step_id,
      kind: step.kind,
      threshold: step.threshold,
    });
  },
  /** A club's count of confirmed families first reached the milestone the admin set (ADR 039): no family is named. */
  clubMilestone(
    ctx: Ctx,
    table: LeadTable,
    club: { id: string; slug: string; name: string; city: string; milestone: number | null },
    families: number,
  ) {
    emit(ctx, "club.milestone", table, club.id, {
      club_id: club.id,
      slug: club.slug,
      name: club.name,
      city: club.city,
      milestone: club.milestone,
      families,
    });
  },
  inviteAccepted(ctx: Ctx, table: LeadTable, leadId: string, waveId: string | null) {
    emit(ctx, "invite.accepted", table, leadId, { lead_id: leadId, wave_id: waveId });
  },
  /** Ids only: the address is gone. */
  leadErased(ctx: Ctx, table: LeadTable, leadId: string) {
    emit(ctx, "lead.erased", table, leadId, { lead_id: leadId });
  },
};
