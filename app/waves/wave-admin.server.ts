import { variantScope } from "~/utils/admin-scope";
import type { WaveSummary } from "~/data/ports/wave-store";
import type { RequestContext } from "~/utils/context.server";
import type { Variant } from "~/utils/variant";
import { MAX_WAVE_SIZE, wavesOf } from "./waves.server";

/**
 * What /admin/waves reads (docs/decisions/025-waves-and-invites.md, 028-admin-confirmations.md): the
 * size the admin typed, the form's suggestion, the review of exactly that many before admitting,
 * and each variant's waves with their expired invites. The route only parses, calls and responds.
 */

/** The review lists this many parents from each end of a longer wave. */
const REVIEW_ENDS = 3;

/** A whole number of parents in 1..MAX_WAVE_SIZE, or null. */
export function parseWaveSize(raw: unknown): number | null {
  if (typeof raw !== "string" || !/^\s*\d{1,4}\s*$/.test(raw)) return null;
  const size = Number(raw);
  return size >= 1 && size <= MAX_WAVE_SIZE ? size : null;
}

/** An address shortened for the review: its first letters and its domain ("an***@example.com"). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  const local = at > 0 ? email.slice(0, at) : email;
  const keep = Math.max(1, Math.min(2, local.length - 1));
  return `${local.slice(0, keep)}***${at > 0 ? email.slice(at) : ""}`;
}

export type ShownParent = { place: number; email: string };

/** The cut-off of the next wave for the N asked for: what the admin confirms. */
export type WaveReview = {
  seq: number;
  asked: number;
  count: number;
  firstPlace: number | null;
  lastPlace: number | null;
  /** Every member when few, else the first three; masked addresses only. */
  head: ShownParent[];
  /** The last three of a longer wave (empty when `head` lists them all). */
  tail: ShownParent[];
};

/** The admit form's state: the wave it would make, the spots left, and the review when a size was asked for. */
export type AdmitForm = { seq: number; spotsLeft: number; value: number | null; review: WaveReview | null };

type Ctx = Parameters<typeof wavesOf>[0];

/**
 * The admit form of this variant. Without `asked` (or while the admin changes it) the size field
 * holds `asked` or the suggestion, the first-wave spots left (none when all are taken); with it, the
 * review of exactly `asked` parents.
 */
export async function admitForm(ctx: Ctx, asked: number | null, editing = false): Promise<AdmitForm> {
  const waves = wavesOf(ctx);
  if (asked === null || editing) {
    const { seq, spotsLeft } = await waves.upcoming();
    return { seq, spotsLeft, value: asked ?? (spotsLeft > 0 ? spotsLeft : null), review: null };
  }
  const next = await waves.next(asked);
  const shown = next.members.map((member) => ({ place: member.place, email: maskEmail(member.email) }));
  const few = shown.length <= REVIEW_ENDS * 2;
  return {
    seq: next.seq,
    spotsLeft: next.spotsLeft,
    value: asked,
    review: {
      seq: next.seq,
      asked,
      count: shown.length,
      firstPlace: shown[0]?.place ?? null,
      lastPlace: shown.at(-1)?.place ?? null,
      head: few ? shown : shown.slice(0, REVIEW_ENDS),
      tail: few ? [] : shown.slice(-REVIEW_ENDS),
    },
  };
}

export type ExpiredInvite = { leadId: string; email: string | null; seq: number; place: number; expiresAt: string };

/** A variant's waves (newest first) and the invites that expired unaccepted, for the admin page. */
/** One variant's waves as /admin/waves lists them, with its name and page. */
export type VariantWaves = { key: string; label: string; href: string; waves: WaveSummary[]; expired: ExpiredInvite[] };

export async function variantWaves(ctx: RequestContext, variant: Variant): Promise<{ waves: WaveSummary[]; expired: ExpiredInvite[] }> {
  const scope = variantScope(variant);
  const waves = wavesOf({ ...ctx, variant, contentKey: scope.key, leadTable: scope.table });
  const list = await waves.list();
  const expired: ExpiredInvite[] = [];
  const now = Date.now();
  for (const wave of list.filter((w) => w.expired > 0)) {
    const found = await waves.membersOf(wave.id);
    for (const member of found?.members ?? []) {
      if (member.accepted_at || new Date(member.invite_expires_at).getTime() > now) continue;
      expired.push({
        leadId: member.lead_id,
        email: member.email,
        seq: wave.seq,
        place: member.place,
        expiresAt: member.invite_expires_at,
      });
    }
  }
  return { waves: list, expired };
}
