import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getPage } from "#content/index";
import { adminDocumentHeaders } from "~/admin/headers";
import { loadAdminLead, updateLead } from "~/admin/admin.server";
import { adminRoute } from "~/admin/admin-route.server";
import type { AdminActionData } from "~/admin/edit-schema";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import type { AdminPageHandle } from "~/components/admin/AdminNav";
import { AdminPage } from "~/components/admin/AdminPage";
import { formatUtc } from "~/admin/columns";
import { LeadEditForm } from "~/components/admin/LeadEditForm";
import { referralsOf } from "~/referrals/referrals.server";
import { useLinkTo } from "~/utils/root-data";

/** /admin/leads/:id/edit: the edit form as a page (without JavaScript) and the dialog's form target. */
export const handle: AdminPageHandle = { hydrate: true, switchToList: true };
export const headers = adminDocumentHeaders;
export const ErrorBoundary = AdminErrorBoundary;

export async function loader(args: LoaderFunctionArgs) {
  const admin = await adminRoute(args);
  const { ctx } = admin;
  const { lead, back, listHref } = await loadAdminLead(admin, args.params.id ?? "", "edit");
  const plans = getPage(ctx.contentKey, "plans").plans.map((plan) => ({ id: plan.id, name: plan.name }));
  // The panel is extra: without the ledger the edit form still works.
  const [referral, counts] = await Promise.all([
    referralsOf(ctx)
      .referralOf(lead.id)
      .catch(() => null),
    // The lead's own friends held for review (ADR 036): the same count the status page words.
    referralsOf(ctx)
      .countsOf(lead)
      .catch(() => null),
  ]);
  return admin.respond({ copy: admin.copy, lead, plans, back, listHref, referral, held: counts?.held ?? 0 });
}

export async function action(args: ActionFunctionArgs) {
  const admin = await adminRoute(args);
  return updateLead(admin, args.params.id ?? "", await args.request.formData());
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.copy.edit.title ?? "Edit lead" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function EditLeadPage() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<AdminActionData>();
  const navigation = useNavigation();
  const linkTo = useLinkTo();
  const { copy, lead, plans, back, listHref, referral, held } = loaderData;
  const text = copy.referrals;
  return (
    <AdminPage title={copy.edit.title} intro={lead.email}>
      <section aria-labelledby="checks" className="mb-6 max-w-xl rounded-lg border border-slate-200 p-4" data-testid="referral-panel">
        <h2 id="checks" className="font-semibold text-slate-900">
          {text.lead.title}
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">{text.lead.refCode}</dt>
          <dd className="font-mono">{lead.ref_code ?? "—"}</dd>
          <dt className="text-slate-600">{text.lead.referredBy}</dt>
          <dd>
            {lead.referred_by ? (
              <>
                <span className="font-mono">{lead.referred_by}</span>
                {referral ? ` · ${text.statuses[referral.status]}${referral.reason ? ` (${text.reasons[referral.reason]})` : ""}` : ""}
              </>
            ) : (
              text.lead.nobody
            )}
          </dd>
          {held > 0 ? (
            <>
              <dt className="text-slate-600">{text.statuses.held}</dt>
              <dd data-testid="held-credits">
                <a href={linkTo("admin/referrals/review")} className="underline">
                  {held}
                </a>
              </dd>
            </>
          ) : null}
          <dt className="text-slate-600">{text.lead.confirmed}</dt>
          <dd>{lead.confirmed_at ? <time dateTime={lead.confirmed_at}>{formatUtc(lead.confirmed_at)}</time> : text.lead.notConfirmed}</dd>
          <dt className="text-slate-600">{text.lead.flags}</dt>
          <dd data-testid="risk-flags">
            {lead.risk_flags.length ? lead.risk_flags.map((flag) => text.flags[flag] ?? flag).join(", ") : text.lead.noFlags}
          </dd>
        </dl>
      </section>
      <div className="max-w-xl">
        <LeadEditForm
          FormComponent={Form}
          action={linkTo(`admin/leads/${lead.id}/edit`, { back })}
          lead={lead}
          plans={plans}
          copy={copy}
          back={back}
          fieldErrors={actionData?.fieldErrors}
          formError={actionData?.formError}
          busy={navigation.state === "submitting"}
          idPrefix="page"
          cancel={
            <a href={listHref} className="px-3 py-2 font-semibold text-slate-700 underline">
              {copy.edit.cancel}
            </a>
          }
        />
      </div>
    </AdminPage>
  );
}
