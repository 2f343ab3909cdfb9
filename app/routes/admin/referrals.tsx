import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { adminDocumentHeaders } from "~/admin/headers";
import { adminRoute } from "~/admin/admin-route.server";
import { auditChange } from "~/admin/audit.server";
import { formatUtc } from "~/admin/columns";
import { adminScope, scopeVariants } from "~/utils/admin-scope";
import type { AdminContent } from "#content/schemas/admin";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { REFERRAL_STATUSES } from "~/data/referral-model";
import type { ChannelCount, ReferralListRow, ReferralStatus } from "~/data/ports/referral-store";
import { referralsOf } from "~/referrals/referrals.server";
import { linkTo as variantLink } from "~/utils/links";
import { useLinkTo } from "~/utils/root-data";
import { Address } from "~/components/admin/Address";
import { ACTION_CELL, AdminTable } from "~/components/admin/AdminTable";
import { log } from "~/platform/log.server";

/** /admin/referrals: the referral ledger of this variant (or of all three), with revoke and restore. */
export const headers = adminDocumentHeaders;
export const ErrorBoundary = AdminErrorBoundary;

const PAGE_SIZE = 100;

export async function loader(args: LoaderFunctionArgs) {
  const admin = await adminRoute(args);
  const { ctx } = admin;
  const statusParam = ctx.url.searchParams.get("status");
  const status = (REFERRAL_STATUSES as readonly string[]).includes(statusParam ?? "") ? (statusParam as ReferralStatus) : undefined;
  const page = Math.max(1, Math.min(10_000, Number.parseInt(ctx.url.searchParams.get("page") ?? "1", 10) || 1));
  const scope = adminScope(ctx.url, ctx.variant);
  // Each variant's ledger through its own referral engine (the all-variants view shows the three).
  const ledgers = await admin.read("referrals", () =>
    Promise.all(
      scopeVariants(scope).map(async (v) => {
        const referrals = referralsOf({ ...ctx, variant: v.variant, leadTable: v.table });
        const [list, channels] = await Promise.all([referrals.list({ page, pageSize: PAGE_SIZE, status }), referrals.byChannel()]);
        return { key: v.key, variant: v.variant, ...list, channels };
      }),
    ),
  );
  const done = ctx.url.searchParams.get("done");
  return admin.respond({
    copy: admin.copy,
    ledgers,
    all: scope.kind === "all",
    page,
    status: status ?? null,
    done: done === "revoked" || done === "restored" ? done : null,
  });
}

export async function action(args: ActionFunctionArgs) {
  const admin = await adminRoute(args);
  const { ctx, copy } = admin;
  const form = await args.request.formData();
  const id = String(form.get("id") ?? "");
  const intent = form.get("intent");
  if (!id || (intent !== "revoke" && intent !== "restore")) return admin.respond({ error: copy.referrals.unknownAction }, { status: 400 });
  let changed;
  try {
    changed = await referralsOf(ctx).setCredit(id, intent === "restore");
  } catch (error) {
    log.error("admin.action_failed", { action: `referral-${intent}` }, error);
    return admin.respond({ error: copy.messages.updateFailed }, { status: 503 });
  }
  if (!changed) return admin.respond({ error: copy.referrals.missing }, { status: 404 });
  await auditChange(admin, `referrals.${intent}`, id);
  const done = intent === "restore" ? "restored" : "revoked";
  const back = new URL(ctx.url);
  back.searchParams.set("done", done);
  return admin.redirect(`${back.pathname}${back.search}`, 303);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.copy.referrals.title ?? "Referral ledger" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminReferrals() {
  const { copy, ledgers, all, page, status, done } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const linkTo = useLinkTo();
  const text = copy.referrals;
  const scope = all ? { variants: "all" } : {};
  return (
    <AdminPage title={text.title} intro={text.intro}>
      {failed && "error" in failed ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 px-4 py-2 text-red-900">
          {failed.error}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="mb-4 rounded-lg bg-green-50 px-4 py-2 text-green-900">
          {done === "revoked" ? text.revoked : text.restored}
        </p>
      ) : null}
      {/* Held credits and the IP safelist (issue 34, ADR 036). */}
      <p className="mb-4 flex flex-wrap gap-4 text-sm">
        <a href={linkTo("admin/referrals/review")} className="font-semibold underline">
          {text.holds.link}
        </a>
        <a href={linkTo("admin/safelist")} className="underline">
          {text.safelist.link}
        </a>
      </p>
      <nav aria-label={text.columns.status} className="mb-4 flex flex-wrap gap-3 text-sm">
        {[null, ...REFERRAL_STATUSES].map((value) => (
          <a
            key={value ?? "all"}
            href={linkTo("admin/referrals", value ? { ...scope, status: value } : scope)}
            aria-current={value === status ? "page" : undefined}
            className="rounded-full border border-slate-300 px-3 py-1 aria-[current=page]:bg-slate-900 aria-[current=page]:text-white"
          >
            {value ? text.statuses[value] : copy.filters.any}
          </a>
        ))}
      </nav>
      {ledgers.map((ledger) => (
        <section key={ledger.key} aria-labelledby={all ? `ledger-${ledger.key}` : undefined} className="mb-8">
          {all ? (
            <h2 id={`ledger-${ledger.key}`} className="mb-2 text-lg font-semibold text-slate-900">
              {copy.console.variants[ledger.key]}
            </h2>
          ) : null}
          <Channels copy={copy} rows={ledger.channels} testId={`referral-channels-${ledger.key}`} nested={all} />
          <Ledger
            copy={copy}
            rows={ledger.rows}
            action={variantLink(ledger.variant, "admin/referrals", { ...scope, status, page: page > 1 ? page : undefined })}
          />
          <p className="mt-4 text-sm text-slate-600">
            {ledger.total > page * PAGE_SIZE ? (
              <a href={variantLink(ledger.variant, "admin/referrals", { ...scope, status, page: page + 1 })} className="underline">
                {copy.paging.next}
              </a>
            ) : null}
          </p>
        </section>
      ))}
    </AdminPage>
  );
}

/** Credited referrals by the channel their link was shared through: label → count, "unknown" for untagged links. */
function Channels({ copy, rows, testId, nested }: { copy: AdminContent; rows: ChannelCount[]; testId: string; nested: boolean }) {
  const text = copy.referrals.channels;
  // Under a variant's h2 in "All variants", else straight under the page's h1: headings never skip a level.
  const Heading = nested ? "h3" : "h2";
  const label = (channel: string | null) =>
    channel && channel in text.labels ? text.labels[channel as keyof typeof text.labels] : text.labels.unknown;
  return (
    <div className="mb-6" data-testid={testId}>
      <Heading className="mb-2 font-semibold text-slate-900">{text.title}</Heading>
      {rows.length === 0 ? (
        <p>{text.none}</p>
      ) : (
        <table className="text-sm">
          <thead>
            <tr className="border-b border-slate-300 text-left">
              <th scope="col" className="px-3 py-2">
                {text.columns.channel}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {text.columns.count}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.channel ?? "unknown"} className="border-b border-slate-200" data-channel={row.channel ?? "unknown"}>
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  {label(row.channel)}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function Ledger({ copy, rows, action }: { copy: AdminContent; rows: ReferralListRow[]; action: string }) {
  const text = copy.referrals;
  if (rows.length === 0) return <p>{text.none}</p>;
  return (
    <AdminTable columns={text.columns} testId="referral-ledger" actions>
      {rows.map((row) => (
        <tr key={row.id} className="border-b border-slate-200" data-referred={row.referred_email ?? ""}>
          {/* The date and the time may take two lines on a phone (never more): more of the addresses stays in view. */}
          <td className="px-3 py-2">
            <time dateTime={row.created_at}>
              {formatUtc(row.created_at)
                .split(/ (?=\d\d:)/)
                .map((part, k) => (
                  <Fragment key={k}>
                    {k > 0 ? " " : null}
                    <span className="whitespace-nowrap">{part}</span>
                  </Fragment>
                ))}
            </time>
          </td>
          <td className="px-3 py-2">{row.referred_email ? <Address value={row.referred_email} testId="referred-email" /> : null}</td>
          <td className="px-3 py-2">{row.referrer_email ? <Address value={row.referrer_email} /> : "—"}</td>
          <td className="px-3 py-2 font-mono">{row.ref_code}</td>
          <td className="px-3 py-2" data-testid="referral-status">
            {text.statuses[row.status]}
          </td>
          <td className="px-3 py-2" data-testid="referral-reason">
            {row.reason ? text.reasons[row.reason] : ""}
          </td>
          <td className={`px-3 py-2 ${ACTION_CELL}`}>
            {row.status === "credited" || row.reason === "revoked" ? (
              <Form method="post" action={action}>
                <input type="hidden" name="id" value={row.id} />
                <button
                  type="submit"
                  name="intent"
                  value={row.status === "credited" ? "revoke" : "restore"}
                  className="rounded border border-slate-400 px-2 py-1 font-semibold whitespace-nowrap hover:bg-slate-100"
                >
                  {row.status === "credited" ? text.revoke : text.restore}
                </button>
              </Form>
            ) : null}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
