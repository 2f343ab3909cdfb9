import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { adminRoute } from "~/admin/admin-route.server";
import { auditChange } from "~/admin/audit.server";
import { adminDocumentHeaders } from "~/admin/headers";
import { clubFamilies, clubsAdminAction, clubsAdminPage } from "~/clubs/admin.server";
import { clubsCopy } from "~/clubs/clubs.server";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { ClubFamilies } from "~/components/admin/clubs/ClubFamilies";
import { ClubsAdmin } from "~/components/admin/clubs/ClubsAdmin";
import { dispatchFacts } from "~/facts/facts.server";
import { log } from "~/platform/log.server";
import { linkTo } from "~/utils/links";

/**
 * /admin/clubs (docs/decisions/039-clubs.md): approve or reject new clubs, merge duplicates, set a
 * club's milestone, see each club's funnel; reject and merge ask once, also without JavaScript.
 */
export const headers = adminDocumentHeaders;
export const ErrorBoundary = AdminErrorBoundary;

export async function loader(args: LoaderFunctionArgs) {
  const admin = await adminRoute(args);
  const { ctx } = admin;
  // One club's families (?families=ID), or the clubs table: only the view shown is read.
  const familiesOf = new URL(args.request.url).searchParams.get("families");
  const families = familiesOf ? await admin.read("club-families", () => clubFamilies(ctx, familiesOf)) : null;
  if (familiesOf && !families) throw new Response("Not found", { status: 404 });
  const page = familiesOf ? null : await admin.read("clubs", () => clubsAdminPage(ctx));
  return admin.respond({
    copy: admin.copy,
    text: clubsCopy(ctx).admin,
    clubs: page?.clubs ?? null,
    families,
    here: linkTo(ctx.variant, "admin/clubs"),
    csvHref: linkTo(ctx.variant, "admin/clubs.csv"),
    toasts: admin.takeToasts(),
  });
}

export async function action(args: ActionFunctionArgs) {
  const admin = await adminRoute(args);
  const { ctx } = admin;
  const form = await args.request.formData();
  try {
    const answer = await clubsAdminAction(ctx, form);
    if ("confirm" in answer) return admin.respond({ confirm: answer.confirm });
    if (!answer.ok) return admin.respond({ error: answer.error }, { status: answer.status });
    // A milestone the action reached: its webhook event follows from its fact.
    dispatchFacts(ctx, answer.facts ?? []);
    if (answer.audit) await auditChange(admin, answer.audit.action, answer.audit.target, answer.audit.detail);
    admin.toast(answer.message);
  } catch (error) {
    log.error("admin.action_failed", { action: `clubs-${String(form.get("intent"))}` }, error);
    return admin.respond({ error: admin.copy.messages.updateFailed }, { status: 503 });
  }
  return admin.redirect(linkTo(ctx.variant, "admin/clubs"), 303);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.text.title ?? "Clubs" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminClubs() {
  const { copy, text, clubs, families, here, csvHref, toasts } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <AdminPage title={text.title} intro={text.intro} toasts={toasts} toastCopy={copy.toasts} dismissHref={here}>
      {families ? (
        <ClubFamilies text={text.families} {...families} back={here} />
      ) : (
        <ClubsAdmin text={text} clubs={clubs} here={here} csvHref={csvHref} answer={answer} />
      )}
    </AdminPage>
  );
}
