import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { adminDocumentHeaders } from "~/admin/headers";
import { adminHeaders, deleteLead, loadAdminLead, requireAdmin } from "~/admin/admin.server";
import type { AdminActionData } from "~/admin/edit-schema";
import { consoleFrame } from "~/admin/console.server";
import { listNav } from "~/components/admin/AdminNav";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminShell, FormError } from "~/components/admin/AdminShell";
import { getRequestContext } from "~/utils/context.server";
import type { RouteHandle } from "~/utils/hydrate";
import { useLinkTo } from "~/utils/root-data";

/** /admin/leads/:id/delete: the delete confirmation as a page (without JavaScript). */
export const handle: RouteHandle = { hydrate: true };
export const headers = adminDocumentHeaders;
export const ErrorBoundary = AdminErrorBoundary;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const { copy, access, lead, back, listHref } = await loadAdminLead(request, ctx, params.id ?? "", "remove");
  return data(
    { copy, id: lead.id, email: lead.email, back, listHref, frame: consoleFrame(access) },
    { headers: await adminHeaders(access, ctx) },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const access = await requireAdmin(request, ctx);
  return deleteLead(access, ctx, params.id ?? "", await request.formData());
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.copy.remove.title ?? "Delete lead" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function DeleteLeadPage() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<AdminActionData>();
  const navigation = useNavigation();
  const linkTo = useLinkTo();
  const { copy } = loaderData;
  const busy = navigation.state === "submitting";
  return (
    <AdminShell nav={listNav(copy.console, loaderData.frame.email, loaderData.back)} title={copy.remove.title} intro={loaderData.email}>
      <Form method="post" action={linkTo(`admin/leads/${loaderData.id}/delete`, { back: loaderData.back })} className="max-w-xl space-y-4">
        <FormError message={actionData?.formError} />
        <p className="text-lg text-slate-900">{copy.messages.confirmDelete}</p>
        <input type="hidden" name="back" value={loaderData.back} />
        <div className="flex items-center gap-3">
          <button
            type="submit"
            disabled={busy}
            className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            {busy ? copy.remove.deleting : copy.remove.confirm}
          </button>
          <a href={loaderData.listHref} className="px-3 py-2 font-semibold text-slate-700 underline">
            {copy.remove.cancel}
          </a>
        </div>
      </Form>
    </AdminShell>
  );
}
