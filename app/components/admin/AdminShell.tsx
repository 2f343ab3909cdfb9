import type { ReactNode } from "react";
import type { AdminRefusal } from "~/admin/refusal";
import { AdminNav, type AdminNavProps } from "./AdminNav";
import { PAGE_CONTAINER } from "~/components/layout/container";

/**
 * The console frame, rendered once by the admin layout route around the page (AdminPage): the
 * pages, the variant switcher and the signed-in admin above it.
 */
export function AdminShell({ nav, children }: { nav: AdminNavProps; children: ReactNode }) {
  // break-word (inherited): a long address in an intro or a sentence wraps instead of widening the
  // page on a phone; it never narrows a table column, so tables keep their own sideways frame.
  return (
    <div className={`${PAGE_CONTAINER} py-8 wrap-break-word`}>
      <AdminNav {...nav} />
      {children}
    </div>
  );
}

/** The 401/403 page body: the message as the heading and the one way on. */
export function AccessMessage({ refusal }: { refusal: AdminRefusal }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{refusal.message}</h1>
      <p className="mt-6">
        <a
          href={refusal.link.href}
          className={
            refusal.status === 401
              ? "rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-strong"
              : "font-semibold text-brand-strong underline"
          }
        >
          {refusal.link.label}
        </a>
      </p>
    </section>
  );
}

/** A form-level error (role="alert" so it is announced). */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
      {message}
    </p>
  );
}
