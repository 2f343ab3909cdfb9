import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { isAdminRefusal } from "~/admin/refusal";
import type { loader as rootLoader } from "~/root";
import { linkTo } from "~/utils/links";
import { AccessMessage, AdminShell, FormError } from "./AdminShell";

/**
 * The one error boundary of the admin routes (app/routes/admin/*, exported by each as
 * ErrorBoundary). It renders what their loaders and actions throw (app/admin/admin.server.ts):
 * the 401/403 refusals of requireAdmin as the message with a sign-in or home link, a lead that is
 * gone or could not be read with the way back to the list. Anything else gets the site's plain
 * error message, never a stack trace.
 */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof rootLoader>("root");

  if (isRouteErrorResponse(error) && isAdminRefusal(error.data)) {
    const refusal = error.data;
    if (!refusal.title) return <AccessMessage refusal={refusal} />;
    return (
      <AdminShell title={refusal.title}>
        <FormError message={refusal.message} />
        <p className="mt-4">
          <a href={refusal.link.href} className="font-semibold text-brand-strong underline">
            {refusal.link.label}
          </a>
        </p>
      </AdminShell>
    );
  }

  if (!isRouteErrorResponse(error)) console.error(error);
  const copy = root?.site.errorPage ?? {
    title: "Something went wrong",
    text: "Please try again in a moment.",
    backHome: "Back to Home",
  };
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{copy.title}</h1>
      <p className="mt-4 text-slate-700">{copy.text}</p>
      <a
        href={root ? linkTo(root.variant, "home") : "/"}
        className="mt-8 inline-block rounded-lg bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-strong"
      >
        {copy.backHome}
      </a>
    </section>
  );
}
