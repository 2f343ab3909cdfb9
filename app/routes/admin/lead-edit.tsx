import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getPage } from "#content/index";
import { adminDocumentHeaders } from "~/admin/headers";
import { adminHeaders, loadAdminLead, requireAdmin, updateLead, type AdminActionData } from "~/admin/admin.server";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminShell } from "~/components/admin/AdminShell";
import { LeadEditForm } from "~/components/admin/LeadEditForm";
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
  return data({ copy, lead, plans, back, listHref }, { headers: await adminHeaders(access, ctx) });
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
  const { copy, lead, plans, back, listHref } = loaderData;
  return (
    <AdminShell title={copy.edit.title} intro={lead.email}>
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
