import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { isAdminRefusal } from "~/admin/refusal";
import { SiteErrorBoundary } from "~/components/layout/SiteErrorBoundary";
import { AdminPage } from "./AdminPage";
import { AccessMessage, FormError } from "./AdminShell";

/**
 * The one error boundary of the admin routes (app/routes/admin/*, exported by each as
 * ErrorBoundary). It renders what their loaders and actions throw (app/admin/admin.server.ts):
 * the 401/403 refusals of requireAdmin as the message with a sign-in or home link, a lead that is
 * gone or could not be read with the way back to the list. Anything else gets the site's error
 * page (SiteErrorBoundary). A page's boundary renders inside the console frame of the admin layout
 * route, which a refused visitor does not get.
 */
export function AdminErrorBoundary() {
  const error = useRouteError();

  if (isRouteErrorResponse(error) && isAdminRefusal(error.data)) {
    const refusal = error.data;
    if (!refusal.title) return <AccessMessage refusal={refusal} />;
    return (
      <AdminPage title={refusal.title}>
        <FormError message={refusal.message} />
        <p className="mt-4">
          <a href={refusal.link.href} className="font-semibold text-brand-strong underline">
            {refusal.link.label}
          </a>
        </p>
      </AdminPage>
    );
  }

  return <SiteErrorBoundary />;
}
