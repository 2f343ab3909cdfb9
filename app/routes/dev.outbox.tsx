import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { EmailPreview } from "~/components/mail/EmailPreview";
import { OUTBOX_PAGE_SIZE, outboxAccess, outboxJson } from "~/mail/dev-pages.server";
import { previewOf } from "~/mail/mailer.server";
import { getBackend } from "~/data/backend.server";
import { getRequestContext } from "~/utils/context.server";
import Home, { loader as homeLoader, meta as homeMeta } from "./home";

/**
 * GET /dev/outbox: every mail the site "sent" locally, newest first, each in a sandboxed frame.
 * Only on a loopback host with MAIL_TRANSPORT=outbox, or to a signed-in admin on a preview
 * (outboxAccess); otherwise a 404 that shows the home page like any unknown path.
 */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = getRequestContext(args.request, args.context);
  const { env, bindings } = ctx;
  const access = await outboxAccess(args.request, ctx);
  if (!access.open) {
    return data(
      { ...(await homeLoader(args)), hidden: true as const, rendersHome: true, mails: [] },
      { status: 404, headers: access.headers },
    );
  }
  // A mail queued a moment ago may not have its body stored yet: show it as it will be sent.
  const rows = await Promise.all((await getBackend({ env, bindings }).outbox.list(OUTBOX_PAGE_SIZE)).map((row) => previewOf(env, row)));
  // On a preview mail may also have gone to the provider (the QA allow-list), so the page says which.
  const keptLocally = env.MAIL_TRANSPORT === "outbox";
  return data({ hidden: false as const, keptLocally, mails: rows.map(outboxJson) }, { headers: access.headers });
}

// The loader's: noindex and no-store always, and for an admin on a preview the session (idle clock).
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = (args) =>
  args.data?.hidden
    ? homeMeta(args as unknown as Parameters<typeof homeMeta>[0])
    : [{ title: "Outbox (local e-mail)" }, { name: "robots", content: "noindex, nofollow" }];

const STATUS_STYLE: Record<string, string> = {
  sent: "bg-green-100 text-green-900",
  pending: "bg-slate-100 text-slate-900",
  failed: "bg-amber-100 text-amber-900",
  dead: "bg-red-100 text-red-900",
  // On the suppression list: never handed to the transport.
  skipped: "bg-slate-200 text-slate-700",
};

export default function DevOutbox() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.hidden) return <Home />;
  const { mails, keptLocally } = loaded;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Outbox</h1>
      <p className="mt-2 text-slate-700">
        {keptLocally
          ? "Local mail transport: nothing leaves this machine."
          : "Preview: only mail to the QA allow-list went to the provider; every other mail stayed here (its row says so)."}{" "}
        Newest first; the same list is at{" "}
        <a className="text-brand-strong underline" href="/dev/outbox.json">
          /dev/outbox.json
        </a>
        .
      </p>
      {mails.length === 0 ? <p className="mt-8 text-slate-700">No e-mails yet.</p> : null}
      <ol className="mt-8 space-y-10">
        {mails.map((mail) => (
          <li key={mail.id} data-testid="outbox-mail" className="rounded-xl border border-slate-200 p-4">
            <h2 className="text-xl font-semibold text-slate-900">{mail.subject}</h2>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700">
              <dt className="font-medium">To</dt>
              <dd>{mail.to}</dd>
              <dt className="font-medium">Template</dt>
              <dd>
                {mail.template} ({mail.variant})
              </dd>
              <dt className="font-medium">Status</dt>
              <dd>
                <span className={`rounded px-2 py-0.5 font-medium ${STATUS_STYLE[mail.status] ?? ""}`}>{mail.status}</span> after{" "}
                {mail.attempts} attempt{mail.attempts === 1 ? "" : "s"}
              </dd>
              {mail.last_error ? (
                <>
                  <dt className="font-medium">Last error</dt>
                  <dd>{mail.last_error}</dd>
                </>
              ) : null}
              <dt className="font-medium">Created</dt>
              <dd>
                <time dateTime={mail.created_at}>{mail.created_at}</time>
              </dd>
            </dl>
            <div className="mt-4">
              <EmailPreview title={`E-mail: ${mail.subject}`} html={mail.html} />
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
