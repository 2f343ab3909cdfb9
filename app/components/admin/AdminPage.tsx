import type { ReactNode } from "react";
import { Toasts, type ToastItem } from "./Toasts";

/**
 * One admin page inside the console frame (AdminShell, rendered by the admin layout route): its
 * heading, intro, content, and (on pages that have them) the toasts of the cookie session.
 */
export function AdminPage({
  title,
  intro,
  toasts,
  toastCopy,
  dismissHref,
  children,
}: {
  title: string;
  intro?: string;
  toasts?: ToastItem[];
  toastCopy?: { label: string; dismiss: string };
  dismissHref?: string;
  children: ReactNode;
}) {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {intro ? <p className="mt-1 text-slate-600">{intro}</p> : null}
      <div className="mt-6">{children}</div>
      {toasts && toastCopy && dismissHref ? (
        <Toasts toasts={toasts} label={toastCopy.label} dismissLabel={toastCopy.dismiss} dismissHref={dismissHref} />
      ) : null}
    </>
  );
}
