import { Form } from "@remix-run/react";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/**
 * The pages an e-mailed link opens (/verify-email, /unsubscribe): an icon, a heading, a line and
 * at most one button. The GET only shows; the button's POST, carrying the link's signed token, acts,
 * so a mail scanner that follows links changes nothing.
 */
export const LINK_ACTION_BUTTON =
  "inline-flex items-center gap-2 rounded-lg bg-brand px-6 py-3 text-lg font-semibold text-white shadow hover:bg-brand-strong";

export function LinkActionPage({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <Icon aria-hidden="true" className="mx-auto h-14 w-14 text-brand" />
      {children}
    </section>
  );
}

/** The page's heading and, when there is one, its line. */
export function LinkActionMessage({ title, text }: { title: string; text?: string | null }) {
  return (
    <>
      <h1 className="mt-4 text-3xl font-extrabold text-slate-900">{title}</h1>
      {text ? <p className="mt-4 text-lg text-slate-700">{text}</p> : null}
    </>
  );
}

/** The one button: a plain form POST of the link's token (and the intent, where the page has two). */
export function LinkActionButton({ token, intent, label }: { token: string; intent?: string; label: string }) {
  return (
    <Form method="post" className="mt-8">
      <input type="hidden" name="t" value={token} />
      <button type="submit" name={intent ? "intent" : undefined} value={intent} className={LINK_ACTION_BUTTON}>
        {label}
      </button>
    </Form>
  );
}

/** The way back to the site from a page the link could not act on. */
export function LinkActionHome({ href, label }: { href: string; label: string }) {
  return (
    <p className="mt-8">
      <a href={href} className="font-semibold text-brand-strong underline">
        {label}
      </a>
    </p>
  );
}
