import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { counted } from "#content/plural";
import { Form, useLoaderData } from "@remix-run/react";
import { qa } from "#content/qa";
import { EmailPreview } from "~/components/mail/EmailPreview";
import { outboxAccess } from "~/admin/outbox-access.server";
import { mailLinks, mailText, outboxJson, outboxPage, outboxQuery } from "~/mail/dev-pages.server";
import { getRequestContext } from "~/utils/context.server";
import { linkTo } from "~/utils/links";
import { GENIUS } from "~/utils/variant";
import Home, { loader as homeLoader, meta as homeMeta } from "./home";

const copy = qa.outbox;

/** The viewer's own links: search and page in the query, never the variant (the outbox holds every variant's mail). */
const outboxLink = (params: { to?: string; page?: number } = {}) =>
  linkTo(GENIUS, "dev/outbox", { to: params.to, page: params.page && params.page > 1 ? params.page : undefined });

/**
 * GET /dev/outbox: every mail the site "sent", newest first, 100 a page, searchable by recipient
 * (`?to=`, `?page=`: a GET form and plain links, so it works without JavaScript). Each mail shows
 * its links as links of this page (the mail itself is in a sandboxed frame, which follows none),
 * its text version and its HTML. Only on a loopback host with MAIL_TRANSPORT=outbox, or to a
 * signed-in admin on a preview (outboxAccess); otherwise a 404 that shows the home page like any unknown path.
 */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = getRequestContext(args.request, args.context);
  const access = await outboxAccess(args.request, ctx);
  if (!access.open) {
    return data(
      { ...(await homeLoader(args)), hidden: true as const, rendersHome: true, mails: [] },
      { status: 404, headers: access.headers },
    );
  }
  // On a preview mail may also have gone to the provider (the QA allow-list), so the page says which.
  const keptLocally = ctx.env.MAIL_TRANSPORT === "outbox";
  const asked = outboxQuery(ctx.url);
  if ("error" in asked) {
    const to = (ctx.url.searchParams.get("to") ?? "").slice(0, 254);
    const page = { hidden: false as const, keptLocally, to, page: 1, error: asked.error, mails: [], newer: null, older: null };
    return data(page, { status: 400, headers: access.headers });
  }
  const { to, page } = asked.query;
  const { mails, hasOlder } = await outboxPage(ctx, asked.query);
  return data(
    {
      hidden: false as const,
      keptLocally,
      to,
      page,
      error: null,
      mails: mails.map((row) => ({ ...outboxJson(row), text: mailText(row), links: mailLinks(row.html) })),
      newer: page > 1 ? outboxLink({ to, page: page - 1 }) : null,
      older: hasOlder ? outboxLink({ to, page: page + 1 }) : null,
    },
    { headers: access.headers },
  );
}

// The loader's: noindex and no-store always, and for an admin on a preview the session (idle clock).
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = (args) =>
  args.data?.hidden
    ? homeMeta(args as unknown as Parameters<typeof homeMeta>[0])
    : [{ title: `${copy.title} (local e-mail)` }, { name: "robots", content: "noindex, nofollow" }];

const STATUS_STYLE: Record<string, string> = {
  sent: "bg-green-100 text-green-900",
  pending: "bg-slate-100 text-slate-900",
  failed: "bg-amber-100 text-amber-900",
  dead: "bg-red-100 text-red-900",
  // On the suppression list: never handed to the transport.
  skipped: "bg-slate-200 text-slate-700",
};

const link = "text-brand-strong underline";

/** A link's path, shown beside its label so QA sees where it leads (the query holds the token). */
function pathOf(href: string): string {
  try {
    return new URL(href).pathname;
  } catch {
    return href;
  }
}

export default function DevOutbox() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.hidden) return <Home />;
  const { mails, keptLocally, to, page, error, newer, older } = loaded;
  const json = linkTo(GENIUS, "dev/outbox.json", { to, page: page > 1 ? page : undefined });
  const paging =
    newer || older ? (
      <nav aria-label={copy.pageOf.replace("{page}", String(page))} className="mt-8 flex flex-wrap gap-x-6 gap-y-2">
        {newer ? (
          <a className={link} href={newer} rel="prev">
            {copy.newer}
          </a>
        ) : null}
        {older ? (
          <a className={link} href={older} rel="next">
            {copy.older}
          </a>
        ) : null}
      </nav>
    ) : null;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{copy.title}</h1>
      <p className="mt-2 text-slate-700">
        {keptLocally ? copy.local : copy.preview} {copy.sameList}{" "}
        <a className={`${link} break-all`} href={json}>
          {json}
        </a>
        .
      </p>

      <Form method="get" role="search" className="mt-6 flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="outbox-to" className="block text-sm font-medium text-slate-900">
            {copy.search.label}
          </label>
          <input
            id="outbox-to"
            name="to"
            type="search"
            defaultValue={to}
            key={to}
            maxLength={254}
            autoComplete="off"
            aria-describedby="outbox-to-hint"
            className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900"
          />
          <p id="outbox-to-hint" className="mt-1 text-sm text-slate-600">
            {copy.search.hint}
          </p>
        </div>
        <div className="flex items-center gap-4 pt-6">
          <button type="submit" className="rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white">
            {copy.search.submit}
          </button>
          {to ? (
            <a className={link} href={outboxLink()}>
              {copy.search.clear}
            </a>
          ) : null}
        </div>
      </Form>

      {error ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-3 text-red-900">
          {error}
        </p>
      ) : null}
      {page > 1 ? <p className="mt-6 font-medium text-slate-900">{copy.pageOf.replace("{page}", String(page))}</p> : null}
      {!error && mails.length === 0 ? <p className="mt-8 text-slate-700">{to ? copy.noMatch.replace("{to}", to) : copy.empty}</p> : null}
      <ol className="mt-8 space-y-10">
        {mails.map((mail) => (
          <li key={mail.id} data-testid="outbox-mail" className="min-w-0 rounded-xl border border-slate-200 p-4">
            <h2 className="text-xl font-semibold break-words text-slate-900">{mail.subject}</h2>
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm text-slate-700">
              <dt className="font-medium">{copy.fields.to}</dt>
              <dd className="break-all">{mail.to}</dd>
              <dt className="font-medium">{copy.fields.template}</dt>
              <dd>
                {mail.template} ({mail.variant})
              </dd>
              <dt className="font-medium">{copy.fields.status}</dt>
              <dd>
                <span className={`rounded px-2 py-0.5 font-medium ${STATUS_STYLE[mail.status] ?? ""}`}>{mail.status}</span>{" "}
                {counted(copy.attempts, mail.attempts)}
              </dd>
              {mail.last_error ? (
                <>
                  <dt className="font-medium">{copy.fields.lastError}</dt>
                  <dd className="wrap-anywhere">{mail.last_error}</dd>
                </>
              ) : null}
              <dt className="font-medium">{copy.fields.created}</dt>
              <dd>
                <time dateTime={mail.created_at}>{mail.created_at}</time>
              </dd>
            </dl>

            <h3 id={`links-${mail.id}`} className="mt-4 font-semibold text-slate-900">
              {copy.links}
            </h3>
            {mail.links.length > 0 ? (
              <ul aria-labelledby={`links-${mail.id}`} className="mt-1 space-y-1">
                {mail.links.map((item) => (
                  <li key={`${item.label} ${item.href}`} className="flex flex-wrap items-baseline gap-x-2">
                    {/* A link of this page, in the top window: the framed mail below follows none. */}
                    <a className={`${link} font-medium wrap-anywhere`} href={item.href} target="_top">
                      {item.label}
                    </a>
                    <span className="text-xs break-all text-slate-600">{pathOf(item.href)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-slate-700">{copy.noLinks}</p>
            )}

            <details className="mt-4">
              <summary className="cursor-pointer font-semibold text-slate-900">{copy.text}</summary>
              <pre
                data-testid="mail-text"
                className="mt-2 rounded-lg bg-slate-50 p-3 text-sm wrap-anywhere whitespace-pre-wrap text-slate-800"
              >
                {mail.text}
              </pre>
            </details>
            {/* Closed until asked for: a hundred framed mails at once would take the page seconds to load. */}
            <details className="mt-4">
              <summary className="cursor-pointer font-semibold text-slate-900">{copy.html}</summary>
              <div className="mt-2">
                <EmailPreview title={`E-mail: ${mail.subject}`} html={mail.html} />
              </div>
            </details>
          </li>
        ))}
      </ol>
      {paging}
    </section>
  );
}
