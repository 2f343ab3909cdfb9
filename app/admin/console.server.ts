import { data, redirect } from "@remix-run/cloudflare";
import { getPage } from "#content/index";
import { getBackend } from "~/data/backend.server";
import type { LeadStats } from "~/data/ports/lead-store";
import { referralsOf } from "~/referrals/referrals.server";
import { spotsOfTable } from "~/standing/standing.server";
import type { RequestContext } from "~/utils/context.server";
import { linkTo } from "~/utils/links";
import { addToast } from "~/utils/session.server";
import { adminHeaders, type AdminAccess, type AdminRequest } from "./admin.server";
import { auditChange } from "./audit.server";
import { bulkRefusal, parseBulk, type BulkActionData } from "./bulk";
import { sumCards, variantCards, type ConsoleCards } from "./cards";
import { listQueryParams, parseBack } from "./list-query";
import { scopeVariants, type AdminScope } from "~/utils/admin-scope";
import { log } from "~/platform/log.server";
import { counted } from "#content/plural";

/** What the console frame (the admin layout) needs from the server: who is signed in. */
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
  const [stats, spots] = await Promise.all([
    Promise.all(variants.map((v) => store.stats(v.table, now))),
    Promise.all(variants.map((v) => spotsOfTable(ctx, v.table))),
  ]);
  return { cards: sumCards(variants.map((v, i) => variantCards(v.key, stats[i], spots[i]))), stats };
}

/**
 * A bulk action of the lead list. The first POST only asks (the confirmation step); the second,
 * with confirmed=yes, acts and goes back to the list. Deleting and revoking are idempotent: a
 * repeat finds nothing left to delete or revoke and changes nothing.
 */
export async function bulkAction({ ctx, access }: AdminRequest, form: FormData) {
  const copy = getPage(ctx.contentKey, "admin");
  const headers = await adminHeaders(access, ctx);
  const parsed = parseBulk(form);
  if ("error" in parsed) {
    return data<BulkActionData>({ formError: bulkRefusal(copy, parsed.error) }, { status: 400, headers });
  }
  if (form.get("confirmed") !== "yes") return data<BulkActionData>({ bulk: parsed }, { headers });

  let toast: string;
  try {
    if (parsed.intent === "bulk-delete") {
      const gone = await getBackend(ctx).leads.deleteMany(ctx.leadTable, parsed.ids);
      if (gone.length) await auditChange({ ctx, access }, "leads.bulk-delete", gone, String(gone.length));
      toast = counted(copy.bulk.deleted, gone.length);
    } else if (parsed.intent === "bulk-revoke") {
      const revoked = await revokeCredits(ctx, parsed.ids);
      if (revoked.length) await auditChange({ ctx, access }, "referrals.bulk-revoke", revoked, String(revoked.length));
      toast = counted(copy.bulk.revoked, revoked.length);
    } else {
      // The export is a download: the confirmation posts to the CSV route, never here.
      return data<BulkActionData>({ formError: copy.bulk.unknown }, { status: 400, headers });
    }
  } catch (error) {
    log.error("admin.action_failed", { action: parsed.intent }, error);
    return data<BulkActionData>({ formError: copy.bulk.failed }, { status: 503, headers });
  }
  addToast(access.session, { type: "success", message: toast });
  const back = listQueryParams(parseBack(form.get("back")));
  return redirect(linkTo(ctx.variant, "admin/leads", back), { status: 303, headers: await adminHeaders(access, ctx) });
}

/** Revokes the credit each of these leads gave its referrer (the recount moves count and place); the referrals that were credited. */
async function revokeCredits(ctx: RequestContext, leadIds: string[]): Promise<string[]> {
  const referrals = referralsOf(ctx);
  const revoked: string[] = [];
  for (const id of leadIds) {
    const referral = await referrals.referralOf(id);
    if (referral?.status !== "credited") continue;
    if (await referrals.setCredit(referral.id, false)) revoked.push(referral.id);
  }
  return revoked;
}
