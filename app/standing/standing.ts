import { counted } from "#content/plural";
import { referralRules } from "#content/referrals";

/**
 * A parent's standing on the waitlist (docs/decisions/027-one-standing.md): the one answer every
 * page, mail and admin view gives to "where am I?". Pure, shared by server and browser; the facts
 * come from standing.server.ts.
 *
 * - unconfirmed: gave an address, has not pressed "Confirm my e-mail": no place yet;
 * - waiting: confirmed, with a place in line, not admitted by any wave;
 * - admitted: a wave admitted them; their invite is open, accepted or expired;
 * - account: they have an account on the site (made from an invite, or in the live funnel).
 */
type InviteState = "open" | "accepted" | "expired";

export type Invite = {
  state: InviteState;
  invitedAt: string;
  expiresAt: string;
  acceptedAt: string | null;
  /** The place in line at admission, kept as it was. */
  place: number;
};

export type Standing =
  | { kind: "unconfirmed" }
  | {
      kind: "waiting";
      place: number;
      admittedAhead: number;
      /** Confirmed parents ahead of and behind this one in the line (ADR 036). */
      ahead: number;
      behind: number;
      /** Friends' credits held for an admin's review: not counted in the place until approved. */
      held: number;
    }
  | { kind: "admitted"; invite: Invite }
  | { kind: "account"; invite: Invite | null };

/**
 * First-wave spots: the capacity of early access, minus every parent of the variant admitted so
 * far, whatever the wave. The parent page, the lead console and the waves page show this number.
 */
export type Spots = { capacity: number; admitted: number; left: number };

export function spotsOf(admitted: number, capacity: number = referralRules.firstWaveSpots): Spots {
  return { capacity, admitted, left: Math.max(0, capacity - admitted) };
}

type InviteFacts = { invitedAt: string; expiresAt: string; acceptedAt: string | null; place: number };

export type StandingFacts = {
  confirmed: boolean;
  /** The place in line now, for a confirmed parent. */
  place: number | null;
  /** Parents of the variant admitted so far. */
  admitted: number;
  /** The parent's wave membership, once admitted. */
  invite: InviteFacts | null;
  hasAccount: boolean;
  /** Confirmed parents of the variant (the line's length); 0 when unknown. */
  lineSize?: number;
  /** The parent's credits held for review. */
  held?: number;
};

function inviteOf(facts: InviteFacts, now: Date): Invite {
  const state: InviteState = facts.acceptedAt ? "accepted" : new Date(facts.expiresAt) <= now ? "expired" : "open";
  return { ...facts, state };
}

/** The one derivation: an account outranks an invite, an invite outranks a place. */
export function standingOf(facts: StandingFacts, now: Date = new Date()): Standing {
  const invite = facts.invite ? inviteOf(facts.invite, now) : null;
  if (facts.hasAccount) return { kind: "account", invite };
  if (invite) return { kind: "admitted", invite };
  if (!facts.confirmed || facts.place === null) return { kind: "unconfirmed" };
  const behind = Math.max(0, (facts.lineSize ?? 0) - facts.place);
  return { kind: "waiting", place: facts.place, admittedAhead: facts.admitted, ahead: facts.place - 1, behind, held: facts.held ?? 0 };
}

/** "N friends pending review" (content: `one` and `other` with {count}), or null when none is held. */
export function heldText(held: number, copy: { one: string; other: string }): string | null {
  if (held <= 0) return null;
  return counted(copy, held);
}

/** Whether referrals can still move this parent up: only while waiting (or before confirming). */
export const canMoveUp = (standing: Standing): boolean => standing.kind === "waiting" || standing.kind === "unconfirmed";

/** The name a page or an admin view gives the standing (data-standing, the lead list's column). */
export function standingName(standing: Standing): string {
  return standing.kind === "admitted" ? `admitted-${standing.invite.state}` : standing.kind;
}
