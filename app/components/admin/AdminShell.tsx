import type { ReactNode } from "react";
import type { AdminRefusal } from "~/admin/refusal";
import { AdminNav, type AdminNavProps } from "./AdminNav";
import { Toasts, type ToastItem } from "./Toasts";
import { PAGE_CONTAINER } from "~/components/layout/container";

/**
 * The admin layout: the console frame (pages, variant switcher, signed-in admin), page heading,
 * content, and (on pages that have them) the toasts of the cookie session.
 */
export function AdminShell({
  nav,
  title,
  intro,
  toasts,
  toastCopy,
  dismissHref,
  children,
}: {
  nav?: AdminNavProps;
  title: string;
  intro?: string;
  toasts?: ToastItem[];
  toastCopy?: { label: string; dismiss: string };
  dismissHref?: string;
  children: ReactNode;
}) {
  // break-word (inherited): a long address in an intro or a sentence wraps instead of widening the
  // page on a phone; it never narrows a table column, so tables keep their own sideways frame.
  return (
    <div className={`${PAGE_CONTAINER} py-8 wrap-break-word`}>
      {nav ? <AdminNav {...nav} /> : null}
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {intro ? <p className="mt-1 text-slate-600">{intro}</p> : null}
      <div className="mt-6">{children}</div>
      {toasts && toastCopy && dismissHref ? (
        <Toasts toasts={toasts} label={toastCopy.label} dismissLabel={toastCopy.dismiss} dismissHref={dismissHref} />
      ) : null}
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
