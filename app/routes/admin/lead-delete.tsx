import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { adminDocumentHeaders } from "~/admin/headers";
import { adminHeaders, checkAdmin, loadAdminLead, deleteLead, deniedResponse, type AdminActionData } from "~/admin/admin.server";
import { AccessMessage, AdminShell, FormError, LeadMissing } from "~/components/admin/AdminShell";
import { getRequestContext } from "~/utils/context.server";
import type { RouteHandle } from "~/utils/hydrate";
import { useLinkTo } from "~/utils/root-data";

/** /admin/leads/:id/delete: the delete confirmation as a page (without JavaScript). */
export const handle: RouteHandle = { hydrate: true };
export const headers = adminDocumentHeaders;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const loaded = await loadAdminLead(request, ctx, params.id ?? "");
  if (loaded.response) return loaded.response;
  const { copy, access, lead, back, listHref } = loaded;
  return data({ view: "confirm" as const, copy, id: lead.id, email: lead.email, back, listHref }, { headers: adminHeaders(access) });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const access = await checkAdmin(request, ctx);
  if (!access.ok) return deniedResponse(access);
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
  if (loaderData.view === "denied") {
    return <AccessMessage denied={loaderData.denied} signInLabel={copy.access.signInLabel} homeLabel={copy.access.homeLabel} />;
  }
  if (loaderData.view === "missing") {
    return (
      <LeadMissing
        title={copy.remove.title}
        message={loaderData.message}
        listHref={loaderData.listHref}
        listLabel={copy.title}
        toastCopy={copy.toasts}
      />
    );
  }
  const busy = navigation.state === "submitting";
  return (
    <AdminShell title={copy.remove.title} intro={loaderData.email} toasts={[]} toastCopy={copy.toasts} dismissHref={loaderData.listHref}>
      <Form method="post" action={linkTo(`admin/leads/${loaderData.id}/delete`, { back: loaderData.back })} className="max-w-xl space-y-4">
        <FormError message={actionData?.formError} />
        <p className="text-lg text-slate-900">{copy.messages.confirmDelete}</p>
        <input type="hidden" name="back" value={loaderData.back} />
        <div className="flex items-center gap-3">
          <button type="submit" disabled={busy} className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60">
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
