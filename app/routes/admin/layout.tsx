import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { adminRoute } from "~/admin/admin-route.server";
import { consoleFrame } from "~/admin/console.server";
import { adminDocumentHeaders } from "~/admin/headers";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminShell } from "~/components/admin/AdminShell";

/**
 * The parent of the admin pages (/admin/*): the console frame (the pages, the variant switcher, the
 * signed-in admin), loaded and rendered once around the page.
 */
export const headers = adminDocumentHeaders;
export const ErrorBoundary = AdminErrorBoundary;

export async function loader(args: LoaderFunctionArgs) {
  // Remix runs this loader in parallel with the page's (and a page's action without it), so this
  // guard protects the frame's own data only: every page loader and action still guards itself
  // through adminRoute, and answers the refusal (the guard runs once per request: the page's call
  // gets the admin, or the refusal, this one resolved). A refused visitor (or a guard that failed,
  // as the page's will too) gets no frame here rather than a thrown refusal: Remix takes the <title>
  // from the routes down to the first one that failed, so a refusal thrown here would drop the page's.
  // Nor does this commit the session: the page does, and a second Set-Cookie from here would come
  // last and bring back the toasts the page took.
  const admin = await adminRoute(args).catch(() => null);
  if (!admin) return null;
  return { copy: admin.copy.console, ...consoleFrame(admin.access) };
}

export default function AdminLayout() {
  const nav = useLoaderData<typeof loader>();
  if (!nav) return <Outlet />;
  return (
    <AdminShell nav={nav}>
      <Outlet />
    </AdminShell>
  );
}
