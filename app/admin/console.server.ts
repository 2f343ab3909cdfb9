import { data, redirect } from "@remix-run/cloudflare";
import { getPage } from "#content/index";
import { referralRules } from "#content/referrals";
import { getBackend } from "~/data/backend.server";
import type { LeadStats } from "~/data/ports/lead-store";
import { referralsOf } from "~/referrals/referrals.server";
import type { RequestContext } from "~/utils/context.server";
import { linkTo } from "~/utils/links";
import { addToast } from "~/utils/session.server";
import { adminHeaders, type AdminAccess } from "./admin.server";
import { sumCards, variantCards, type ConsoleCards } from "./cards";
import { listQueryParams, parseBack } from "./list-query";
import { scopeVariants, type AdminScope } from "./scope";

/** What every admin page's frame needs from the server: who is signed in. */
export type ConsoleFrame = { email: string };

export function consoleFrame(access: AdminAccess): ConsoleFrame {
  return { email: access.user.email ?? "" };
}

/** The waitlist cards of a scope (each variant's stats, read together, and their sum), with those stats. */
export async function consoleCards(
  ctx: Pick<RequestContext, "env" | "bindings">,
  scope: AdminScope,
  now = new Date(),
): Promise<{ cards: ConsoleCards; stats: LeadStats[] }> {
  const store = getBackend(ctx).leads;
  const variants = scopeVariants(scope);
  const stats: LeadStats[] = await Promise.all(variants.map((v) => store.stats(v.table, now)));
  return { cards: sumCards(variants.map((v, i) => variantCards(v.key, stats[i], referralRules.firstWaveSpots))), stats };
}

/**
 * Rows one bulk action may touch: a page is 50, so this only stops forged requests (and stays
 * below the request guard's 200 form fields, so it is this clear message that refuses them).
 */
export const MAX_BULK_IDS = 100;
export const BULK_INTENTS = ["bulk-delete", "bulk-export", "bulk-revoke"] as const;
export type BulkIntent = (typeof BULK_INTENTS)[number];

const ID = /^[A-Za-z0-9-]{1,64}$/;

export type BulkRequest = { intent: BulkIntent; ids: string[] } | { error: "unknown" | "none" | "tooMany" };

/**
 * Reads a bulk form: the intent, and the ticked rows (`ids`), or every row of the page when
 * "select all" was ticked (`all` + `page_ids`: that works without JavaScript too). Ids are
 * deduplicated; a malformed one is ignored like an unticked box.
 */
export function parseBulk(form: FormData): BulkRequest {
  const intent = form.get("intent");
  if (!(BULK_INTENTS as readonly unknown[]).includes(intent)) return { error: "unknown" };
  const source = form.get("all") === "on" ? form.getAll("page_ids") : form.getAll("ids");
  const ids = [...new Set(source.filter((id): id is string => typeof id === "string" && ID.test(id)))];
  if (ids.length === 0) return { error: "none" };
  if (ids.length > MAX_BULK_IDS) return { error: "tooMany" };
  return { intent: intent as BulkIntent, ids };
}

/** The confirmation step a bulk POST without `confirmed=yes` answers (the page without JavaScript). */
export type BulkConfirmation = { intent: BulkIntent; ids: string[] };
export type BulkActionData = { bulk?: BulkConfirmation; formError?: string };

/**
 * A bulk action of the lead list. The first POST only asks (the confirmation step); the second,
 * with confirmed=yes, acts and goes back to the list. Deleting and revoking are idempotent: a
 * repeat finds nothing left to delete or revoke and changes nothing.
 */
export async function bulkAction(access: AdminAccess, ctx: RequestContext, form: FormData) {
  const copy = getPage(ctx.contentKey, "admin");
  const headers = await adminHeaders(access, ctx);
  const parsed = parseBulk(form);
  if ("error" in parsed) {
    const message =
      parsed.error === "none"
        ? copy.bulk.none
        : parsed.error === "tooMany"
          ? copy.bulk.tooMany.replace("{max}", String(MAX_BULK_IDS))
          : copy.bulk.unknown;
    return data<BulkActionData>({ formError: message }, { status: 400, headers });
  }
  if (form.get("confirmed") !== "yes") return data<BulkActionData>({ bulk: parsed }, { headers });

  let toast: string;
  try {
    if (parsed.intent === "bulk-delete") {
      const gone = await getBackend(ctx).leads.deleteMany(ctx.leadTable, parsed.ids);
      toast = copy.bulk.deleted.replace("{count}", String(gone.length));
    } else if (parsed.intent === "bulk-revoke") {
      toast = copy.bulk.revoked.replace("{count}", String(await revokeCredits(ctx, parsed.ids)));
    } else {
      // The export is a download: the confirmation posts to the CSV route, never here.
      return data<BulkActionData>({ formError: copy.bulk.unknown }, { status: 400, headers });
    }
  } catch (error) {
    console.error("admin: bulk action failed", error);
    return data<BulkActionData>({ formError: copy.bulk.failed }, { status: 503, headers });
  }
  addToast(access.session, { type: "success", message: toast });
  const back = listQueryParams(parseBack(form.get("back")));
  return redirect(linkTo(ctx.variant, "admin/leads", back), { status: 303, headers: await adminHeaders(access, ctx) });
}

/** Revokes the credit each of these leads gave its referrer (the recount moves count and place); how many were credited. */
async function revokeCredits(ctx: RequestContext, leadIds: string[]): Promise<number> {
  const referrals = referralsOf(ctx);
  let revoked = 0;
  for (const id of leadIds) {
    const referral = await referrals.referralOf(id);
    if (referral?.status !== "credited") continue;
    if (await referrals.setCredit(referral.id, false)) revoked += 1;
  }
  return revoked;
}
