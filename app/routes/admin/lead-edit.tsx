import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getPage } from "#content/index";
import { adminDocumentHeaders } from "~/admin/headers";
import { adminHeaders, loadAdminLead, requireAdmin, updateLead } from "~/admin/admin.server";
import type { AdminActionData } from "~/admin/edit-schema";
import { consoleFrame } from "~/admin/console.server";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminShell } from "~/components/admin/AdminShell";
import { listNav } from "~/components/admin/AdminNav";
import { formatUtc } from "~/admin/columns";
import { LeadEditForm } from "~/components/admin/LeadEditForm";
import { referralsOf } from "~/referrals/referrals.server";
import { getRequestContext } from "~/utils/context.server";
import type { RouteHandle } from "~/utils/hydrate";
import { useLinkTo } from "~/utils/root-data";

/** /admin/leads/:id/edit: the edit form as a page (without JavaScript) and the dialog's form target. */
export const handle: RouteHandle = { hydrate: true };
export const headers = adminDocumentHeaders;
export const ErrorBoundary = AdminErrorBoundary;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const { copy, access, lead, back, listHref } = await loadAdminLead(request, ctx, params.id ?? "", "edit");
  const plans = getPage(ctx.contentKey, "plans").plans.map((plan) => ({ id: plan.id, name: plan.name }));
  // The panel is extra: without the ledger the edit form still works.
  const referral = await referralsOf(ctx)
    .referralOf(lead.id)
    .catch(() => null);
  return data({ copy, lead, plans, back, listHref, referral, frame: consoleFrame(access) }, { headers: await adminHeaders(access, ctx) });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const access = await requireAdmin(request, ctx);
  return updateLead(access, ctx, params.id ?? "", await request.formData());
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
  const { copy, lead, plans, back, listHref, referral, frame } = loaderData;
  const text = copy.referrals;
  return (
    <AdminShell nav={listNav(copy.console, frame.email, back)} title={copy.edit.title} intro={lead.email}>
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
    </AdminShell>
  );
}
