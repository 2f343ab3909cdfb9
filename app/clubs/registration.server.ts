import { followMerge } from "~/data/club-merge";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import type { ClubsContent } from "#content/schemas/clubs";
import type { Club, NewClub } from "~/data/ports/club-store";
import { admitNewLead } from "~/leads/lead-ip-limit.server";
import { formPostRefused } from "~/leads/ip-trust.server";
import { recipientMailKey } from "~/mail/recipient-limit.server";
import { queueTemplateMail } from "~/mail/outbox.server";
import { botFields, checkBot } from "~/platform/bot-guard.server";
import { log } from "~/platform/log.server";
import { getRequestContext, type RequestContext } from "~/utils/context.server";
import { EMAIL_MAX_LENGTH, tooLongMessage } from "~/utils/field-limits";
import { absoluteClubLink, clubPageLink, linkTo } from "~/utils/links";
import { variantKey } from "~/utils/variant";
import { checkClubConfirmLink, clubConfirmLink } from "./club-links.server";
import { clubsCopy, clubsOf, requireClubTable, slugOf, slugsFor } from "./clubs.server";

/**
 * A coach registers a club (/clubs/new) and confirms the contact address (/clubs/confirm?t=…),
 * docs/decisions/039-clubs.md. The form is bot-guarded and limited like the other public forms (the
 * burst limit, the per-IP limit of distinct addresses); the double opt-in mail goes through the
 * outbox under the per-recipient limit of the guide and lost-link mails, so a double click, a retry
 * or a stranger's repeated posts mail an address at most once per 10 minutes and three times a day.
 * A name a club has already makes a club of its own, pending the admin's review, never a contact of it.
 */

const NAME_MAX = 80;
const CITY_MAX = 60;

function registrationSchema(errors: ClubsContent["register"]["errors"]) {
  const field = (missing: string, tooLong: string, max: number) =>
    z.string({ required_error: missing, invalid_type_error: missing }).trim().min(1, missing).max(max, tooLongMessage(tooLong, max));
  return z.object({
    name: field(errors.nameMissing, errors.nameTooLong, NAME_MAX).refine((name) => slugOf(name) !== "", errors.nameMissing),
    city: field(errors.cityMissing, errors.cityTooLong, CITY_MAX),
    email: field(errors.missing, errors.emailTooLong, EMAIL_MAX_LENGTH)
      .pipe(z.string().email(errors.invalidEmail))
      .transform((email) => email.toLowerCase()),
  });
}

type Typed = { name: string; city: string; email: string };
const typed = (form: FormData): Typed => {
  const text = (key: string, max: number) => {
    const value = form.get(key);
    return typeof value === "string" ? value.slice(0, max).trim() : "";
  };
  return { name: text("name", NAME_MAX * 2), city: text("city", CITY_MAX * 2), email: text("email", EMAIL_MAX_LENGTH) };
};

/** The form, or with `?sent=1` the "check your inbox" view (which names no club and no address). */
export async function registerLoader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  requireClubTable(ctx);
  const copy = clubsCopy(ctx).register;
  const sent = ctx.url.searchParams.get("sent") === "1";
  return { copy, sent, bot: sent ? null : await botFields(ctx) };
}

export async function registerAction({ request, context }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const table = requireClubTable(ctx);
  const copy = clubsCopy(ctx).register;
  const form = await request.formData();
  const values = typed(form);
  const sentPage = linkTo(ctx.variant, "clubs/new", { sent: "1" });
  const limited = await formPostRefused(ctx, request, "club");
  if (limited) return data({ alert: limited, values, bot: await botFields(ctx) }, { status: 429 });
  const guard = await checkBot(ctx, form);
  if (guard.kind === "bot") throw redirect(sentPage, { status: 303 });
  if (guard.kind === "again") return data({ alert: guard.message, values, bot: guard.fields }, { status: 422 });
  const parsed = registrationSchema(copy.errors).safeParse({
    name: form.get("name") ?? undefined,
    city: form.get("city") ?? undefined,
    email: form.get("email") ?? undefined,
  });
  if (!parsed.success) {
    return data({ alert: parsed.error.issues[0]?.message ?? copy.errors.nameMissing, values, bot: guard.fields }, { status: 400 });
  }
  const { name, city, email } = parsed.data;
  const admitted = await admitNewLead(ctx, request, undefined, email);
  if (!admitted.ok) return data({ alert: admitted.message, values, bot: guard.fields }, { status: admitted.status });
  try {
    const sport = ctx.variant.domain === "champion" ? ctx.variant.sport : "";
    const club = await registerClub(
      ctx,
      { lead_table: table, variant: variantKey(ctx.variant), name, city, sport, created_at: new Date().toISOString() },
      email,
    );
    await mailClubConfirm(ctx, club.id, email);
  } catch (error) {
    log.error("club.register_failed", { variant: table }, error);
    return data({ alert: copy.errors.saveFailed, values, bot: guard.fields }, { status: 503 });
  }
  throw redirect(sentPage, { status: 303 });
}

/**
 * Writes the club under the first free slug of its name (slugsFor), or answers the club a slug's
 * contact registered before (a double click, the same coach again). When the name's own slug is
 * another's club, the new club names it in duplicate_of: an admin keeps it apart, merges or rejects it.
 */
async function registerClub(ctx: RequestContext, club: Omit<NewClub, "id" | "slug" | "duplicate_of">, email: string): Promise<Club> {
  const store = clubsOf(ctx);
  let named: Club | null = null;
  for (const slug of slugsFor(club.name, club.city)) {
    const answer = await store.register({ ...club, id: crypto.randomUUID(), slug, duplicate_of: named?.id ?? null }, email);
    if (answer.created || answer.contact) {
      if (named) log.info("club.same_name", { club: answer.club.id, of: named.id, variant: club.lead_table });
      return answer.club;
    }
    named ??= (await followMerge(store, answer.club)) ?? answer.club;
  }
  throw new Error(`Every slug of ${slugOf(club.name)} is taken`);
}

/** The contact's double opt-in, under the address's per-recipient limit (one mail per key). */
async function mailClubConfirm(ctx: RequestContext, clubId: string, email: string) {
  const confirmLink = await clubConfirmLink(ctx, clubId, email);
  await queueTemplateMail(ctx, {
    dedupeKey: await recipientMailKey(ctx, "club-confirm", email),
    template: "club-confirm",
    variant: ctx.variant,
    to: email,
    data: { origin: ctx.origin, confirmLink },
  });
}

/** The club and address a confirm request's token names, or null when the link is broken or of another edition. */
async function confirmTarget(ctx: RequestContext, table: string, token: string | null) {
  const checked = await checkClubConfirmLink(ctx, token);
  const named = checked ? await clubsOf(ctx).get(checked.clubId) : null;
  if (!checked || !named || named.lead_table !== table) return null;
  return { email: checked.email, named };
}

const invalidConfirm = (ctx: RequestContext) =>
  data({ state: "invalid" as const, copy: clubsCopy(ctx).confirmed, againHref: linkTo(ctx.variant, "clubs/new") }, { status: 400 });

/**
 * The confirm link's page. Opening it only asks (a mail scanner that follows links confirms
 * nothing); the button's POST confirms. Once the contact is confirmed it shows the club link and
 * page to share. A broken link shows what to do.
 */
export async function confirmLoader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const table = requireClubTable(ctx);
  const token = ctx.url.searchParams.get("t");
  const target = await confirmTarget(ctx, table, token);
  if (!target) return invalidConfirm(ctx);
  const store = clubsOf(ctx);
  // A merge moves the contacts into the club that remains.
  const club = (await followMerge(store, target.named)) ?? target.named;
  const contact = (await store.contacts(club.id)).find((row) => row.email === target.email);
  const copy = clubsCopy(ctx, { clubName: club.name, email: target.email }).confirmed;
  if (!contact?.confirmed_at) {
    return { state: "ask" as const, copy, clubName: club.name, email: target.email, token: token ?? "" };
  }
  // A name another club had waits for the admin: the coach reads that, not the usual "we check every club".
  const review = club.status === "pending" && club.duplicate_of ? copy.sameName : null;
  return {
    state: "confirmed" as const,
    copy,
    review,
    club: { name: club.name, city: club.city, status: club.status },
    clubLink: absoluteClubLink(ctx.origin, ctx.variant, club.slug),
    pageLink: club.status === "approved" ? clubPageLink(ctx.variant, club.slug) : null,
  };
}

/** The confirm button: confirms the contact once (the club's first confirmation makes it reviewable), then shows the page again. */
export async function confirmAction({ request, context }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const table = requireClubTable(ctx);
  const token = (await request.formData()).get("t");
  const target = await confirmTarget(ctx, table, typeof token === "string" ? token : null);
  if (!target) return invalidConfirm(ctx);
  const store = clubsOf(ctx);
  const club = (await followMerge(store, target.named)) ?? target.named;
  if (await store.confirmContact(club.id, target.email, new Date().toISOString())) {
    log.info("club.contact_confirmed", { club: club.id, variant: table });
  }
  throw redirect(linkTo(ctx.variant, "clubs/confirm", { t: String(token) }), { status: 303 });
}
