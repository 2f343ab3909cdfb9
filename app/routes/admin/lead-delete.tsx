import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { adminDocumentHeaders } from "~/admin/headers";
import { deleteLead, loadAdminLead } from "~/admin/admin.server";
import { adminRoute } from "~/admin/admin-route.server";
import type { AdminActionData } from "~/admin/edit-schema";
import type { AdminPageHandle } from "~/components/admin/AdminNav";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { FormError } from "~/components/admin/AdminShell";
import { useLinkTo } from "~/utils/root-data";

/** /admin/leads/:id/delete: the delete confirmation as a page (without JavaScript). */
export const handle: AdminPageHandle = { hydrate: true, switchToList: true };
export const headers = adminDocumentHeaders;
export const ErrorBoundary = AdminErrorBoundary;

export async function loader(args: LoaderFunctionArgs) {
  const admin = await adminRoute(args);
  const { lead, back, listHref } = await loadAdminLead(admin, args.params.id ?? "", "remove");
  return admin.respond({ copy: admin.copy, id: lead.id, email: lead.email, back, listHref });
}

export async function action(args: ActionFunctionArgs) {
  const admin = await adminRoute(args);
  return deleteLead(admin, args.params.id ?? "", await args.request.formData());
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
    <AdminPage title={copy.remove.title} intro={loaderData.email}>
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
    </AdminPage>
  );
}
