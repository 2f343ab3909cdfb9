import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getPage } from "#content/index";
import { adminDocumentHeaders } from "~/admin/headers";
import { backToList, loadAdminLead } from "~/admin/admin.server";
import { adminRoute } from "~/admin/admin-route.server";
import { auditChange } from "~/admin/audit.server";
import type { AdminPageHandle } from "~/components/admin/AdminNav";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { FormError } from "~/components/admin/AdminShell";
import { leadsOf } from "~/leads/leads.server";
import { erasableAddress, eraseParentData } from "~/trust/my-data.server";
import { useLinkTo } from "~/utils/root-data";
import { log } from "~/platform/log.server";

/**
 * /admin/leads/:id/data: export and erasure of everything held about one lead's e-mail address,
 * for a parent who wrote in. The same code as the parent's /my-data, with
 * source "admin". The page is the one confirmation of the erasure. Plain forms, no JavaScript.
 */
export const handle: AdminPageHandle = { switchToList: true };
export const headers = adminDocumentHeaders;
export const ErrorBoundary = AdminErrorBoundary;

export async function loader(args: LoaderFunctionArgs) {
  const admin = await adminRoute(args);
  const { lead, back, listHref } = await loadAdminLead(admin, args.params.id ?? "", "remove");
  return admin.respond({
    copy: getPage(admin.ctx.contentKey, "myData").admin,
    id: lead.id,
    email: lead.email,
    erasable: erasableAddress(lead.email) !== null,
    back,
    listHref,
  });
}

export async function action(args: ActionFunctionArgs) {
  const admin = await adminRoute(args);
  const { ctx } = admin;
  const copy = getPage(ctx.contentKey, "myData").admin;
  const form = await args.request.formData();
  const intent = form.get("intent");
  const fail = (formError: string, status: number) => admin.respond({ formError }, { status });
  if (intent !== "erase") return fail(copy.failed, 400);
  let email: string | null;
  try {
    const lead = await leadsOf(ctx).get(args.params.id ?? "");
    email = lead ? erasableAddress(lead.email) : null;
    if (!lead) return backToList(admin, form.get("back"), copy.nothingHeld);
    if (!email) return fail(copy.noAddress, 400);
    const counts = await eraseParentData(ctx, email, "admin");
    // The lead's id only: the audit keeps nothing of what was erased.
    if (counts) await auditChange(admin, "leads.erase", lead.id);
    return backToList(admin, form.get("back"), counts ? copy.erased : copy.nothingHeld);
  } catch (error) {
    log.error("admin.action_failed", { action: "erase" }, error);
    return fail(copy.failed, 503);
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.copy.title ?? "A parent's data" },
  { name: "robots", content: "noindex, nofollow" },
];

const button = "rounded-md px-4 py-2 font-semibold text-white disabled:opacity-60";

export default function LeadDataPage() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<{ formError: string }>();
  const { copy } = loaded;
  const linkTo = useLinkTo();
  return (
    <AdminPage title={copy.title} intro={loaded.email}>
      <FormError message={acted?.formError} />
      <p className="max-w-2xl text-slate-700">{copy.intro}</p>
      {loaded.erasable ? (
        <>
          <section aria-labelledby="export" className="mt-6 max-w-2xl space-y-3">
            <h2 id="export" className="text-lg font-bold text-slate-900">
              {copy.exportTitle}
            </h2>
            <p className="text-slate-700">{copy.exportText}</p>
            <Form method="post" action={linkTo(`admin/leads/${loaded.id}/export`)} reloadDocument>
              <button type="submit" className={`${button} bg-brand hover:bg-brand-strong`}>
                {copy.exportButton}
              </button>
            </Form>
          </section>
          <section aria-labelledby="erase" className="mt-8 max-w-2xl space-y-3">
            <h2 id="erase" className="text-lg font-bold text-slate-900">
              {copy.eraseTitle}
            </h2>
            <p className="text-slate-900">{copy.eraseText.replace("{email}", loaded.email)}</p>
            <Form method="post" reloadDocument className="flex items-center gap-3">
              <input type="hidden" name="back" value={loaded.back} />
              <button type="submit" name="intent" value="erase" className={`${button} bg-red-700 hover:bg-red-800`}>
                {copy.eraseButton}
              </button>
              <a href={loaded.listHref} className="px-3 py-2 font-semibold text-slate-700 underline">
                {copy.cancel}
              </a>
            </Form>
          </section>
        </>
      ) : (
        <p className="mt-6 text-slate-900">{copy.noAddress}</p>
      )}
    </AdminPage>
  );
}
