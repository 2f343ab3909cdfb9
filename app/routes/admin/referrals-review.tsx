import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { adminDocumentHeaders } from "~/admin/headers";
import { adminRoute } from "~/admin/admin-route.server";
import { formatUtc } from "~/admin/columns";
import { decideHeld, heldQueue, parseDecision } from "~/admin/holds.server";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { Address } from "~/components/admin/Address";
import { log } from "~/platform/log.server";
import { useLinkTo } from "~/utils/root-data";
import { counted } from "#content/plural";

/**
 * /admin/referrals/review: the credits held for review (ADR 036), with why, approved or rejected one
 * by one (a row's button) or in bulk (ticked rows, one POST, asked once; all without JavaScript).
 */
export const headers = adminDocumentHeaders;
export const ErrorBoundary = AdminErrorBoundary;

export async function loader(args: LoaderFunctionArgs) {
  const admin = await adminRoute(args);
  const queue = await admin.read("held-referrals", () => heldQueue(admin.ctx));
  return admin.respond({ copy: admin.copy, ...queue, toasts: admin.takeToasts() });
}

export async function action(args: ActionFunctionArgs) {
  const admin = await adminRoute(args);
  const { ctx, copy } = admin;
  const text = copy.referrals.holds;
  const decision = parseDecision(await args.request.formData());
  if ("error" in decision) {
    return admin.respond({ error: decision.error === "none" ? text.noneSelected : copy.referrals.unknownAction }, { status: 400 });
  }
  // Bulk: the first POST only asks (the answer repeats the selection with confirmed=yes).
  if (!decision.confirmed) return admin.respond({ confirm: { approve: decision.approve, ids: decision.ids } });
  let count: number;
  try {
    count = await decideHeld(ctx, admin.access.user.email, decision.ids, decision.approve);
  } catch (error) {
    log.error("admin.action_failed", { action: decision.approve ? "holds-approve" : "holds-reject" }, error);
    return admin.respond({ error: copy.messages.updateFailed }, { status: 503 });
  }
  admin.toast(counted(decision.approve ? text.approved : text.rejected, count));
  return admin.redirect(ctx.url.pathname + ctx.url.search, 303);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.copy.referrals.holds.title ?? "Held credits" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function ReviewHeld() {
  const { copy, rows, toasts } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const linkTo = useLinkTo();
  const text = copy.referrals.holds;
  const here = linkTo("admin/referrals/review");
  const button = "rounded border border-slate-400 px-2 py-1 font-semibold whitespace-nowrap hover:bg-slate-100";
  return (
    <AdminPage title={text.title} intro={text.intro} toasts={toasts} toastCopy={copy.toasts} dismissHref={here}>
      {answer && "error" in answer ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 px-4 py-2 text-red-900">
          {answer.error}
        </p>
      ) : null}
      {answer && "confirm" in answer ? (
        <Form method="post" action={here} className="mb-6 rounded-lg border border-slate-300 p-4" data-testid="holds-confirm">
          <p className="text-slate-900">
            {counted(answer.confirm.approve ? text.confirmApprove : text.confirmReject, answer.confirm.ids.length)}
          </p>
          <input type="hidden" name="intent" value={answer.confirm.approve ? "approve" : "reject"} />
          <input type="hidden" name="confirmed" value="yes" />
          {answer.confirm.ids.map((id) => (
            <input key={id} type="hidden" name="ids" value={id} />
          ))}
          <div className="mt-4 flex items-center gap-3">
            <button type="submit" className="rounded-md bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700">
              {text.confirm}
            </button>
            <a href={here} className="underline">
              {text.cancel}
            </a>
          </div>
        </Form>
      ) : null}
      {rows.length === 0 ? (
        <p>{text.none}</p>
      ) : (
        <Form method="post" action={here}>
          <div className="mb-3 flex flex-wrap gap-3">
            <button type="submit" name="intent" value="approve" className={button}>
              {text.approve}
            </button>
            <button type="submit" name="intent" value="reject" className={button}>
              {text.reject}
            </button>
          </div>
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="held-credits">
              <thead>
                <tr className="border-b border-slate-300 text-left">
                  {[
                    text.columns.select,
                    text.columns.created,
                    text.columns.referred,
                    text.columns.referrer,
                    text.columns.reasons,
                    copy.referrals.columns.action,
                  ].map((label) => (
                    <th key={label} scope="col" className="px-3 py-2">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className="border-b border-slate-200" data-referred={row.referred_email ?? ""}>
                    <td className="px-3 py-2">
                      <input
                        type="checkbox"
                        name="ids"
                        value={row.id}
                        aria-label={text.select.replace("{email}", row.referred_email ?? row.id)}
                        className="h-5 w-5"
                      />
                    </td>
                    <td className="px-3 py-2">
                      <time dateTime={row.created_at}>{formatUtc(row.created_at)}</time>
                    </td>
                    <td className="px-3 py-2">{row.referred_email ? <Address value={row.referred_email} /> : null}</td>
                    <td className="px-3 py-2">{row.referrer_email ? <Address value={row.referrer_email} /> : "—"}</td>
                    <td className="px-3 py-2" data-testid="hold-reasons">
                      {row.reasons.map((reason) => text.reasons[reason]).join("; ")}
                    </td>
                    <td className="px-3 py-2">
                      <div className="flex gap-2">
                        <button
                          type="submit"
                          name="decide"
                          value={`approve:${row.id}`}
                          aria-label={text.approveOne.replace("{email}", row.referred_email ?? row.id)}
                          className={button}
                        >
                          {copy.referrals.holds.approveShort}
                        </button>
                        <button
                          type="submit"
                          name="decide"
                          value={`reject:${row.id}`}
                          aria-label={text.rejectOne.replace("{email}", row.referred_email ?? row.id)}
                          className={button}
                        >
                          {copy.referrals.holds.rejectShort}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Form>
      )}
    </AdminPage>
  );
}
