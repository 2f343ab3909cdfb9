import { scopeVariants, variantScope, type AdminScope } from "~/utils/admin-scope";
import type { WaveSummary } from "~/data/ports/wave-store";
import type { RequestContext } from "~/utils/context.server";
import { linkTo } from "~/utils/links";
import { variantKey, type ContentKey, type Variant } from "~/utils/variant";
import { getBackend } from "~/data/backend.server";
import { maskEmails } from "./mask";
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

/** The wave number the admit form carries (1 or more, at most six digits), or null. */
export function parseWaveSeq(raw: unknown): number | null {
  const seq = typeof raw === "string" && /^\d{1,6}$/.test(raw) ? Number(raw) : 0;
  return seq >= 1 ? seq : null;
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
  /** Credits held for review in this line: places are computed without them (ADR 036). */
  held: number;
};

/** The admit form's state: the wave it would make, the spots left, and the review when a size was asked for. */
export type AdmitForm = { seq: number; spotsLeft: number; value: number | null; review: WaveReview | null };

type Ctx = Parameters<typeof wavesOf>[0];

/**
 * The admit form of this variant. Without `asked` (or while the admin changes it) the size field
 * holds `asked` or the suggestion, the first-wave spots left (none when all are taken); with it, the
 * review of exactly `asked` parents.
 */
async function admitForm(ctx: Ctx, asked: number | null, editing = false): Promise<AdmitForm> {
  const waves = wavesOf(ctx);
  if (asked === null || editing) {
    const { seq, spotsLeft } = await waves.upcoming();
    return { seq, spotsLeft, value: asked ?? (spotsLeft > 0 ? spotsLeft : null), review: null };
  }
  const [next, held] = await Promise.all([waves.next(asked), heldCount(ctx)]);
  const { members } = next;
  const few = members.length <= REVIEW_ENDS * 2;
  // Only the parents shown must read apart.
  const ends = few ? members : [...members.slice(0, REVIEW_ENDS), ...members.slice(-REVIEW_ENDS)];
  const masked = maskEmails(ends.map((member) => member.email));
  const shown = ends.map((member, i) => ({ place: member.place, email: masked[i] }));
  return {
    seq: next.seq,
    spotsLeft: next.spotsLeft,
    value: asked,
    review: {
      seq: next.seq,
      asked,
      count: members.length,
      firstPlace: shown[0]?.place ?? null,
      lastPlace: shown.at(-1)?.place ?? null,
      head: few ? shown : shown.slice(0, REVIEW_ENDS),
      tail: few ? [] : shown.slice(-REVIEW_ENDS),
      held,
    },
  };
}

/** Held credits of the request's line (the review queue's total). */
async function heldCount(ctx: Ctx): Promise<number> {
  const { total } = await getBackend(ctx).referrals.list(ctx.leadTable, { page: 1, pageSize: 1, status: "held" });
  return total;
}

type ExpiredInvite = { leadId: string; email: string | null; seq: number; place: number; expiresAt: string };

/** One variant's waves as /admin/waves lists them (newest first), its expired unaccepted invites, its name and page. */
export type VariantWaves = { key: string; label: string; href: string; waves: WaveSummary[]; expired: ExpiredInvite[] };

/**
 * `wavesOf` bound to `variant` whatever the request's own variant ("All variants" reads all three).
 * For reads: the request's origin stays, so it sends no mail.
 */
function wavesOfVariant(ctx: RequestContext, variant: Variant) {
  const scope = variantScope(variant);
  return wavesOf({ ...ctx, variant, contentKey: scope.key, leadTable: scope.table });
}

/** A variant's waves (newest first) and the invites that expired unaccepted: three reads, however many waves and members. */
async function variantWaves(ctx: RequestContext, variant: Variant): Promise<{ waves: WaveSummary[]; expired: ExpiredInvite[] }> {
  const waves = wavesOfVariant(ctx, variant);
  const [list, expired] = await Promise.all([waves.list(), waves.expired()]);
  return { waves: list, expired };
}

/**
 * What /admin/waves reads: each variant's waves in the scope (one variant, or all three) and, for
 * one variant, the admit form for the size asked for (`asked`; `editing` while the admin changes
 * it). Throws when the database fails.
 */
export async function wavesPageData(
  ctx: RequestContext,
  scope: AdminScope,
  labels: Record<ContentKey, string>,
  asked: number | null,
  editing: boolean,
): Promise<{ variants: VariantWaves[]; admit: AdmitForm | null }> {
  const [variants, admit] = await Promise.all([
    Promise.all(
      scopeVariants(scope).map(async (v) => ({
        key: variantKey(v.variant),
        label: labels[v.key],
        href: linkTo(v.variant, "admin/waves"),
        ...(await variantWaves(ctx, v.variant)),
      })),
    ),
    scope.kind === "variant" ? admitForm(ctx, asked, editing) : null,
  ]);
  return { variants, admit };
}

/** A club the waves page can admit as a whole (ADR 039): its waiting families, milestone reached first. */
export type ClubWaveRow = { id: string; name: string; city: string; waiting: number; reached: boolean; reviewHref: string };

/** The club admission's review: the wave it would make and how many families get an invite. */
export type ClubWaveReview = { seq: number; club: { id: string; name: string }; count: number };

/**
 * The waves page's club section for the request's variant: approved clubs with confirmed families
 * still waiting, those that reached their milestone first; with `clubId`, the review of admitting it.
 * Null for genius (no clubs).
 */
export async function clubWavesData(
  ctx: RequestContext,
  clubId: string | null,
  hrefOf: (clubId: string) => string,
): Promise<{ rows: ClubWaveRow[]; review: ClubWaveReview | null } | null> {
  if (ctx.leadTable === "leads") return null;
  const waves = wavesOf(ctx);
  const clubs = (await getBackend(ctx).clubs.summaries(ctx.leadTable)).filter((club) => club.status === "approved" && club.families > 0);
  // Every club's waiting families in a few reads, however many clubs and families.
  const waiting = await waves.clubCandidatesOf(clubs.map((club) => club.id));
  const rows = clubs
    .map((club) => ({
      id: club.id,
      name: club.name,
      city: club.city,
      waiting: waiting[club.id]?.length ?? 0,
      reached: club.milestone_reached_at !== null,
      reviewHref: hrefOf(club.id),
    }))
    .filter((row) => row.waiting > 0)
    .sort((a, b) => Number(b.reached) - Number(a.reached) || b.waiting - a.waiting);
  const picked = clubId ? rows.find((row) => row.id === clubId) : undefined;
  const review = picked ? { seq: (await waves.upcoming()).seq, club: { id: picked.id, name: picked.name }, count: picked.waiting } : null;
  return { rows, review };
}
