import type { ReactNode } from "react";
import { Toasts, type ToastItem } from "./Toasts";

/** The admin layout: page heading, content, and the toasts of the cookie session. */
export function AdminShell({
  title,
  intro,
  toasts,
  toastCopy,
  dismissHref,
  children,
}: {
  title: string;
  intro?: string;
  toasts: ToastItem[];
  toastCopy: { label: string; dismiss: string };
  dismissHref: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-[100rem] px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {intro ? <p className="mt-1 text-slate-600">{intro}</p> : null}
      <div className="mt-6">{children}</div>
      <Toasts toasts={toasts} label={toastCopy.label} dismissLabel={toastCopy.dismiss} dismissHref={dismissHref} />
    </div>
  );
}

/** The 401/403 page body (SPEC 6, 8). */
export function AccessMessage({
  denied,
  signInLabel,
  homeLabel,
}: {
  denied: { status: number; message: string; signInHref: string | null; homeHref: string };
  signInLabel: string;
  homeLabel: string;
}) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{denied.message}</h1>
      <p className="mt-6">
        {denied.signInHref ? (
          <a href={denied.signInHref} className="rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-strong">
            {signInLabel}
          </a>
        ) : (
          <a href={denied.homeHref} className="font-semibold text-brand-strong underline">
            {homeLabel}
          </a>
        )}
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

/** The edit or delete page of a lead that no longer exists: the message and a way back to the list. */
export function LeadMissing({
  title,
  message,
  listHref,
  listLabel,
  toastCopy,
}: {
  title: string;
  message: string;
  listHref: string;
  listLabel: string;
  toastCopy: Parameters<typeof AdminShell>[0]["toastCopy"];
}) {
  return (
    <AdminShell title={title} toasts={[]} toastCopy={toastCopy} dismissHref={listHref}>
      <FormError message={message} />
      <p className="mt-4">
        <a href={listHref} className="font-semibold text-brand-strong underline">
          {listLabel}
        </a>
      </p>
    </AdminShell>
  );
}
