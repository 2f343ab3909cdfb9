import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import type { AdminContent } from "#content/schemas/admin";
import { adminRoute } from "~/admin/admin-route.server";
import { auditChange } from "~/admin/audit.server";
import { formatUtc } from "~/admin/columns";
import { adminDocumentHeaders } from "~/admin/headers";
import { ADMIN_VARIANTS, adminScope, ALL_VARIANTS_PARAM } from "~/utils/admin-scope";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { getBackend } from "~/data/backend.server";
import { deadHandlings, replayHandling } from "~/facts/facts.server";
import { giveUpMail, retryDeadMail } from "~/mail/dead-mail.server";
import type { RequestContext } from "~/utils/context.server";
import { linkTo } from "~/utils/links";
import { contentKeyOf, variantKey } from "~/utils/variant";
import { Address } from "~/components/admin/Address";
import { ACTION_CELL, AdminTable } from "~/components/admin/AdminTable";
import { log } from "~/platform/log.server";
import { REPLAY, ReactionRow, type DeadReaction } from "~/components/admin/ReactionRow";

/**
 * /admin/mail: the mails that need a human (outbox rows with status `dead`, ADR 024) of this
 * variant (or of all three), with Retry and Give up. Both actions are conditional on the row still
 * being dead, so a double click or a resubmitted form changes the row once; the second answers 409.
 * Below them, the reactions to facts that kept failing (ADR 046), each with Replay, asked once the same way.
 */
export const headers = adminDocumentHeaders;
export const ErrorBoundary = AdminErrorBoundary;

/** How many dead rows the page reads; a dead list this long is an incident, not a queue to work through here. */
const LIMIT = 200;
const INTENTS = ["retry", "give-up"] as const;
type Intent = (typeof INTENTS)[number];

type DeadMail = {
  id: string;
  recipient: string;
  template: string;
  variant: string;
  attempts: number;
  lastError: string | null;
  failedAt: string;
};

/** The page's own address in this scope (the variant travels in ?domain=&sport= on a local host). */
function pageHref(ctx: RequestContext): string {
  return linkTo(ctx.variant, "admin/mail", adminScope(ctx.url, ctx.variant).kind === "all" ? { ...ALL_VARIANTS_PARAM } : {});
}

export async function loader(args: LoaderFunctionArgs) {
  const admin = await adminRoute(args);
  const { ctx } = admin;
  const scope = adminScope(ctx.url, ctx.variant);
  const [rows, handlings] = await Promise.all([
    admin.read("dead-mails", () => getBackend(ctx).outbox.listDead({ limit: LIMIT })),
    admin.read("dead-reactions", () => deadHandlings(ctx, LIMIT)),
  ]);
  const own = scope.kind === "all" ? null : variantKey(scope.variant);
  // A fact's id names its table (`{type}:{table}:{row}`): this variant's only, unless all three.
  const reactions: DeadReaction[] = handlings
    .filter((row) => scope.kind === "all" || row.fact_id.split(":")[1] === scope.table)
    .map((row) => ({
      factId: row.fact_id,
      factType: row.fact_type,
      handler: row.handler,
      attempts: row.attempts,
      lastError: row.last_error,
      failedAt: row.updated_at,
    }));
  const mails: DeadMail[] = rows
    .filter((row) => own === null || row.variant === own)
    .map((row) => ({
      id: row.id,
      recipient: row.recipient,
      template: row.template,
      variant: row.variant,
      attempts: row.attempts,
      lastError: row.last_error,
      failedAt: row.updated_at,
    }));
  // Taken only once the list is there: a failed read keeps them for the next visit.
  const toasts = admin.takeToasts();
  return admin.respond({ copy: admin.copy, mails, reactions, all: scope.kind === "all", toasts, here: pageHref(ctx) });
}

export async function action(args: ActionFunctionArgs) {
  const admin = await adminRoute(args);
  const { ctx } = admin;
  const text = admin.copy.mail;
  const refuse = (status: number, error: string) => admin.respond({ error }, { status });
  const form = await args.request.formData();
  const intent = form.get("intent");
  if (intent === REPLAY) return replayReaction(admin, form);
  const id = String(form.get("id") ?? "").trim();
  if (!id || id.length > 100 || !(INTENTS as readonly unknown[]).includes(intent)) return refuse(400, text.unknownAction);
  let done: boolean;
  let recipient: string;
  try {
    const row = await getBackend(ctx).outbox.get(id);
    if (!row) return refuse(404, text.missing);
    // Give up also takes a failed row (the store's rule); from this page only a dead one may go.
    if (row.status !== "dead") return refuse(409, text.alreadyHandled);
    recipient = row.recipient;
    done = (intent as Intent) === "retry" ? await retryDeadMail(ctx, id) : await giveUpMail(ctx, id, text.giveUpReason);
  } catch (error) {
    log.error("admin.action_failed", { action: `mail-${String(intent)}`, outboxId: id }, error);
    return refuse(503, text.failed);
  }
  // Another request changed the row between the read and the conditional write.
  if (!done) return refuse(409, text.alreadyHandled);
  await auditChange(admin, `mail.${intent as Intent}`, id);
  const message = (intent === "retry" ? text.retried : text.givenUp).replace("{recipient}", recipient);
  admin.toast(message);
  return admin.redirect(pageHref(ctx), 303);
}

/** Replays a dead reaction once: a second click (or a resubmitted form) answers 409. */
async function replayReaction(admin: Awaited<ReturnType<typeof adminRoute>>, form: FormData) {
  const { ctx } = admin;
  const text = admin.copy.mail;
  const refuse = (status: number, error: string) => admin.respond({ error }, { status });
  const factId = String(form.get("fact") ?? "").trim();
  const handler = String(form.get("handler") ?? "").trim();
  if (!factId || factId.length > 200 || !handler || handler.length > 50) return refuse(400, text.unknownAction);
  let replayed: boolean;
  try {
    replayed = await replayHandling(ctx, factId, handler);
  } catch (error) {
    log.error("admin.action_failed", { action: REPLAY }, error);
    return refuse(503, text.failed);
  }
  if (!replayed) return refuse(409, text.reactions.alreadyReplayed);
  await auditChange(admin, `mail.${REPLAY}`, `${factId} ${handler}`);
  admin.toast(text.reactions.replayed.replace("{handler}", text.reactions.handlers[handler] ?? handler));
  return admin.redirect(pageHref(ctx), 303);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.copy.mail.metaTitle ?? "Mail that needs a human" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminMail() {
  const { copy, mails, reactions, toasts, here } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const text = copy.mail;
  return (
    <AdminPage title={text.title} intro={text.intro} toasts={toasts} toastCopy={copy.toasts} dismissHref={here}>
      {failed && "error" in failed ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 px-4 py-2 text-red-900">
          {failed.error}
        </p>
      ) : null}
      {mails.length === 0 ? (
        <p data-testid="mail-none">{text.none}</p>
      ) : (
        <AdminTable columns={text.columns} caption={text.tableLabel} testId="dead-mail" actions>
          {mails.map((mail) => (
            <MailRow key={mail.id} copy={copy} mail={mail} formAction={here} />
          ))}
        </AdminTable>
      )}
      <section className="mt-10" aria-labelledby="dead-reactions">
        <h2 id="dead-reactions" className="text-lg font-semibold">
          {text.reactions.heading}
        </h2>
        <p className="mb-3 text-slate-700">{text.reactions.intro}</p>
        {reactions.length === 0 ? (
          <p data-testid="reactions-none">{text.reactions.none}</p>
        ) : (
          <AdminTable columns={text.reactions.columns} caption={text.reactions.tableLabel} testId="dead-reactions" actions>
            {reactions.map((reaction) => (
              <ReactionRow key={`${reaction.factId} ${reaction.handler}`} copy={copy} reaction={reaction} formAction={here} />
            ))}
          </AdminTable>
        )}
      </section>
    </AdminPage>
  );
}

/** The switcher's name of a stored variant key ("champion-tennis"); an unknown key as stored. */
function variantLabel(copy: AdminContent, key: string): string {
  const known = ADMIN_VARIANTS.find((v) => variantKey(v) === key);
  return known ? copy.console.variants[contentKeyOf(known)] : key;
}

/** One dead mail with its two buttons: a plain POST form without JavaScript, a fetcher with it. */
function MailRow({ copy, mail, formAction }: { copy: AdminContent; mail: DeadMail; formAction: string }) {
  const fetcher = useFetcher<typeof action>();
  const text = copy.mail;
  const busy = fetcher.state !== "idle";
  const error = fetcher.data && "error" in fetcher.data ? fetcher.data.error : null;
  const button = "rounded border border-slate-400 px-2 py-1 font-semibold whitespace-nowrap hover:bg-slate-100 disabled:opacity-50";
  return (
    <tr className="border-b border-slate-200 align-top" data-mail-id={mail.id} data-recipient={mail.recipient}>
      <td className="px-3 py-2">
        <Address value={mail.recipient} />
      </td>
      <td className="px-3 py-2" data-testid="mail-template">
        {text.templates[mail.template] ?? mail.template}
      </td>
      <td className="px-3 py-2">{variantLabel(copy, mail.variant)}</td>
      <td className="px-3 py-2 tabular-nums">{mail.attempts}</td>
      <td className="px-3 py-2 break-words" data-testid="mail-error">
        {mail.lastError ?? "—"}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        <time dateTime={mail.failedAt}>{formatUtc(mail.failedAt)}</time>
      </td>
      <td className={`px-3 py-2 ${ACTION_CELL}`}>
        <fetcher.Form method="post" action={formAction} className="flex flex-wrap gap-2">
          <input type="hidden" name="id" value={mail.id} />
          <button type="submit" name="intent" value="retry" disabled={busy} className={button}>
            {text.retry}
          </button>
          <button type="submit" name="intent" value="give-up" disabled={busy} className={button}>
            {text.giveUp}
          </button>
        </fetcher.Form>
        {error ? (
          <p role="alert" className="mt-1 text-red-900">
            {error}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
