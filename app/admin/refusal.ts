/**
 * What the admin loaders and actions throw instead of answering (requireAdmin's 401/403, a lead
 * that is gone, a failed read), as the JSON body of the thrown Response. The admin routes' one
 * error boundary (app/components/admin/AdminErrorBoundary.tsx) renders it; shared by server and
 * browser, so it holds no server code.
 */
export type AdminRefusal = {
  status: 401 | 403 | 404 | 503;
  /** The exact message (for 401/403 the content's admin.access copy). */
  message: string;
  /** The page heading when it is not the message itself (a missing lead: the page's title). */
  title?: string;
  /** The one way on: sign in (401), home (403), back to the list (404, 503). */
  link: { href: string; label: string };
};

export function isAdminRefusal(value: unknown): value is AdminRefusal {
  if (!value || typeof value !== "object") return false;
  const { message, link } = value as Partial<AdminRefusal>;
  return typeof message === "string" && !!link && typeof link.href === "string" && typeof link.label === "string";
}
