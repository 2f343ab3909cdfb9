import { getPage } from "#content/index";
import { followMerge } from "~/data/club-merge";
import { getBackend } from "~/data/backend.server";
import type { Club, ClubTable } from "~/data/ports/club-store";
import { log } from "~/platform/log.server";
import type { RequestContext } from "~/utils/context.server";
import { getVariantValue, type AppSession } from "~/utils/session.server";

/**
 * A parent's club (docs/decisions/039-clubs.md): the funnel's e-mail step offers the sport's
 * approved clubs in a <select> (no JavaScript needed), with the club whose link (/c/SLUG) the
 * visitor came through chosen already, and offered even while that club waits for approval. The
 * lead joins the chosen club when the e-mail step is saved; the first club joined is kept.
 */

export type ClubField = {
  label: string;
  none: string;
  hint: string;
  options: { value: string; label: string }[];
  selected: string;
};

const tableOf = (ctx: RequestContext): ClubTable | null => (ctx.leadTable === "leads" ? null : ctx.leadTable);

/** The clubs a visitor may pick: the approved ones, and the club of their link unless rejected or merged. */
async function choices(ctx: RequestContext, table: ClubTable, session: AppSession): Promise<{ clubs: Club[]; fromLink: Club | null }> {
  const store = getBackend(ctx).clubs;
  const approved = (await store.summaries(table)).filter((club) => club.status === "approved");
  const slug = getVariantValue(session, ctx.variant, "clubSlug");
  // A link's club merged since the visit answers as the club that remains.
  const linked = slug ? await followMerge(store, await store.bySlug(table, slug)) : null;
  const fromLink = linked && (linked.status === "approved" || linked.status === "pending") ? linked : null;
  const clubs: Club[] = [...approved];
  if (fromLink && !clubs.some((club) => club.id === fromLink.id)) clubs.push(fromLink);
  clubs.sort((a, b) => a.name.localeCompare(b.name));
  return { clubs, fromLink };
}

/** The e-mail step's "Your club" field; null for genius or when the sport has no club to offer. */
export async function clubField(ctx: RequestContext, session: AppSession, leadId: string | null): Promise<ClubField | null> {
  const table = tableOf(ctx);
  if (!table) return null;
  try {
    const { clubs, fromLink } = await choices(ctx, table, session);
    if (clubs.length === 0) return null;
    const member = leadId ? await getBackend(ctx).clubs.membershipOf(table, leadId) : null;
    const copy = getPage(ctx.contentKey, "clubs").field;
    return {
      ...copy,
      options: clubs.map((club) => ({ value: club.id, label: `${club.name} (${club.city})` })),
      selected: member?.club.id ?? fromLink?.id ?? "",
    };
  } catch (error) {
    // The field is optional: the e-mail step works without it.
    log.error("club.field_failed", { variant: table }, error);
    return null;
  }
}

/** Whether the posted club is one the visitor may pick (or none): a forged value is refused before anything is saved. */
export async function clubChoiceValid(ctx: RequestContext, session: AppSession, form: FormData): Promise<boolean> {
  const value = form.get("club");
  const table = tableOf(ctx);
  if (value === null || value === "") return true;
  if (!table || typeof value !== "string") return false;
  const { clubs } = await choices(ctx, table, session);
  return clubs.some((club) => club.id === value);
}

/**
 * Joins the lead to the club posted with the e-mail step (validated by clubChoiceValid); a post
 * without the field (an older page, a client that sends only the e-mail) joins the club of the
 * visitor's link; an empty choice joins none. Once: the first club joined is kept.
 */
export async function joinPostedClub(ctx: RequestContext, session: AppSession, form: FormData, leadId: string): Promise<void> {
  const table = tableOf(ctx);
  if (!table) return;
  const value = form.get("club");
  if (typeof value !== "string") return joinLinkedClub(ctx, session, leadId);
  if (value !== "") await join(ctx, table, leadId, value);
}

/** Joins the lead to the club of the visitor's link, if any (the guide and tips forms have no club field). */
export async function joinLinkedClub(ctx: RequestContext, session: AppSession, leadId: string): Promise<void> {
  const table = tableOf(ctx);
  if (!table) return;
  const club = (await choices(ctx, table, session)).fromLink;
  if (club) await join(ctx, table, leadId, club.id);
}

async function join(ctx: RequestContext, table: ClubTable, leadId: string, clubId: string) {
  if (await getBackend(ctx).clubs.join(table, leadId, clubId, new Date().toISOString())) {
    log.info("club.joined", { club: clubId, variant: table });
  }
}
