import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { adminDocumentHeaders } from "~/admin/headers";
import { adminRoute } from "~/admin/admin-route.server";
import { formatUtc } from "~/admin/columns";
import { formatAddresses, parseCidr, safelistPage } from "~/admin/holds.server";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { ACTION_CELL, AdminTable } from "~/components/admin/AdminTable";
import { getBackend } from "~/data/backend.server";
import { log } from "~/platform/log.server";
import { useLinkTo } from "~/utils/root-data";
import { counted } from "#content/plural";

/**
 * /admin/safelist: IPs and ranges of schools, clubs and offices (ADR 036). Their parents are
 * neither limited per IP nor held for an IP burst. Each change leaves an audit entry (shown below);
 * an addition (after saying how many addresses the range covers) and a removal ask once, also
 * without JavaScript. Ranges wider than /16 (IPv4) or /32 (IPv6) are refused.
 */
export const headers = adminDocumentHeaders;
export const ErrorBoundary = AdminErrorBoundary;

export async function loader(args: LoaderFunctionArgs) {
  const admin = await adminRoute(args);
  const page = await admin.read("safelist", () => safelistPage(admin.ctx));
  return admin.respond({ copy: admin.copy, ...page, toasts: admin.takeToasts() });
}

export async function action(args: ActionFunctionArgs) {
  const admin = await adminRoute(args);
  const { ctx, copy } = admin;
  const text = copy.referrals.safelist;
  const form = await args.request.formData();
  const intent = form.get("intent");
  const store = getBackend(ctx).ipSafelist;
  const at = new Date().toISOString();
  const actor = admin.access.user.email;
  try {
    if (intent === "add") {
      const typed = String(form.get("cidr") ?? "").slice(0, 60);
      const range = parseCidr(typed);
      const note = String(form.get("note") ?? "")
        .trim()
        .slice(0, 200);
      if ("error" in range)
        return admin.respond({ error: range.error === "too-broad" ? text.tooBroad : text.invalid, cidr: typed, note }, { status: 400 });
      // Asked once: the admin sees how many addresses will skip the per-IP limits before they do.
      if (form.get("confirmed") !== "yes") {
        // The form below keeps what was typed, to edit it instead of saving.
        return admin.respond({ confirmAdd: { cidr: range.cidr, note, count: formatAddresses(range.addresses) }, cidr: typed, note });
      }
      // A repeat (double click, second tab) finds it listed: nothing written, the same answer.
      await store.add({ cidr: range.cidr, note, actor, at });
      admin.toast(text.added);
    } else if (intent === "remove") {
      const id = String(form.get("id") ?? "");
      const cidr = String(form.get("cidr") ?? "").slice(0, 60);
      if (!id) return admin.respond({ error: copy.referrals.unknownAction }, { status: 400 });
      if (form.get("confirmed") !== "yes") return admin.respond({ confirmRemove: { id, cidr } });
      await store.remove(id, actor, at);
      admin.toast(text.removed);
    } else {
      return admin.respond({ error: copy.referrals.unknownAction }, { status: 400 });
    }
  } catch (error) {
    log.error("admin.action_failed", { action: `safelist-${String(intent)}` }, error);
    return admin.respond({ error: copy.messages.updateFailed }, { status: 503 });
  }
  return admin.redirect(ctx.url.pathname + ctx.url.search, 303);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.copy.referrals.safelist.title ?? "IP safelist" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function Safelist() {
  const { copy, entries, audit, toasts } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const linkTo = useLinkTo();
  const text = copy.referrals.safelist;
  const here = linkTo("admin/safelist");
  const button = "rounded border border-slate-400 px-2 py-1 font-semibold whitespace-nowrap hover:bg-slate-100";
  const typed = answer && "cidr" in answer && "note" in answer ? answer : null;
  return (
    <AdminPage title={text.title} intro={text.intro} toasts={toasts} toastCopy={copy.toasts} dismissHref={here}>
      {answer && "error" in answer ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 px-4 py-2 text-red-900">
          {answer.error}
        </p>
      ) : null}
      {answer && "confirmAdd" in answer ? (
        <ConfirmStep
          action={here}
          testId="safelist-confirm"
          question={text.confirmAdd
            .replace("{cidr}", answer.confirmAdd.cidr)
            // The count comes grouped in figures ("65,536"); its plural form is read from the number.
            .replace(
              "{addresses}",
              counted(text.addresses, Number(answer.confirmAdd.count.replaceAll(",", "")), { count: answer.confirmAdd.count }),
            )}
          fields={{ intent: "add", cidr: answer.confirmAdd.cidr, note: answer.confirmAdd.note }}
          submit={text.save}
          cancel={text.cancel}
        />
      ) : null}
      {answer && "confirmRemove" in answer ? (
        <ConfirmStep
          action={here}
          question={text.confirmRemove.replace("{cidr}", answer.confirmRemove.cidr)}
          fields={{ intent: "remove", id: answer.confirmRemove.id, cidr: answer.confirmRemove.cidr }}
          submit={text.confirm}
          cancel={text.cancel}
          destructive
        />
      ) : null}
      <Form method="post" action={here} className="mb-8 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="add" />
        <label className="flex flex-col text-sm">
          {text.cidr}
          <input name="cidr" required defaultValue={typed?.cidr} className="mt-1 rounded border border-slate-400 px-2 py-1 font-mono" />
        </label>
        <label className="flex flex-col text-sm">
          {text.note}
          <input name="note" maxLength={200} defaultValue={typed?.note} className="mt-1 rounded border border-slate-400 px-2 py-1" />
        </label>
        <button type="submit" className={button}>
          {text.add}
        </button>
      </Form>
      {entries.length === 0 ? (
        <p>{text.none}</p>
      ) : (
        <AdminTable columns={text.columns} caption={text.title} testId="safelist" className="mb-8" actions>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-b border-slate-200" data-cidr={entry.cidr}>
              <td className="px-3 py-2 font-mono">{entry.cidr}</td>
              <td className="px-3 py-2">{entry.note}</td>
              <td className="px-3 py-2">
                <time dateTime={entry.added_at}>{formatUtc(entry.added_at)}</time> · {entry.added_by}
              </td>
              <td className={`px-3 py-2 ${ACTION_CELL}`}>
                <Form method="post" action={here}>
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={entry.id} />
                  <input type="hidden" name="cidr" value={entry.cidr} />
                  <button type="submit" className={button}>
                    {text.remove}
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <h2 className="mb-2 text-lg font-semibold text-slate-900">{text.audit}</h2>
      <ul className="text-sm" data-testid="admin-audit">
        {audit.map((entry) => (
          <li key={entry.id}>
            <time dateTime={entry.at}>{formatUtc(entry.at)}</time> · {entry.actor} · {entry.action} · {entry.detail}
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}

/** The one question before an addition or a removal: the same form again with confirmed=yes, or back to the page. */
function ConfirmStep(props: {
  action: string;
  question: string;
  fields: Record<string, string>;
  submit: string;
  cancel: string;
  destructive?: boolean;
  testId?: string;
}) {
  const tone = props.destructive ? "bg-red-700 hover:bg-red-800" : "bg-slate-900 hover:bg-slate-700";
  return (
    <Form method="post" action={props.action} className="mb-6 rounded-lg border border-slate-300 p-4" data-testid={props.testId}>
      <p className="text-slate-900">{props.question}</p>
      {Object.entries(props.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="confirmed" value="yes" />
      <div className="mt-4 flex items-center gap-3">
        <button type="submit" className={`rounded-md px-4 py-2 font-semibold text-white ${tone}`}>
          {props.submit}
        </button>
        <a href={props.action} className="underline">
          {props.cancel}
        </a>
      </div>
    </Form>
  );
}
