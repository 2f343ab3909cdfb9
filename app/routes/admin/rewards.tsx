import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getPage } from "#content/index";
import type { RewardsContent } from "#content/schemas/rewards";
import { adminRoute } from "~/admin/admin-route.server";
import { formatUtc } from "~/admin/columns";
import { adminDocumentHeaders } from "~/admin/headers";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { getBackend } from "~/data/backend.server";
import { REWARD_KINDS, type CodeStock, type LedgerRow, type RewardStep } from "~/data/ports/reward-store";
import { log } from "~/platform/log.server";
import { parseCodes, parseStep, rewardsPageData } from "~/rewards/admin.server";
import { LOW_CODES, ledgerState } from "~/rewards/ledger";
import type { RouteHandle } from "~/utils/hydrate";
import { linkTo } from "~/utils/links";

/**
 * /admin/rewards (docs/decisions/035-rewards-and-revocation.md): this variant's ladder (add, edit,
 * switch off a step), the code pools (upload, what is left, a warning when low), the perks to do by
 * hand ("Mark done", asked once), the ledger of earned rewards and its CSV. Every form is a plain
 * POST that redirects; bad input answers 400 with the message and writes nothing.
 */
export const headers = adminDocumentHeaders;
export const ErrorBoundary = AdminErrorBoundary;
export const handle: RouteHandle = { hydrate: true };

const INTENTS = ["save-step", "upload-codes", "done"] as const;

export async function loader(args: LoaderFunctionArgs) {
  const admin = await adminRoute(args);
  const { ctx } = admin;
  const page = await admin.read("rewards", () => rewardsPageData(ctx));
  const toasts = admin.takeToasts();
  return admin.respond({
    copy: getPage(ctx.contentKey, "rewards").admin,
    toastCopy: admin.copy.toasts,
    variantName: admin.copy.console.variants[ctx.contentKey],
    ...page,
    low: LOW_CODES,
    toasts,
    here: linkTo(ctx.variant, "admin/rewards"),
    csv: linkTo(ctx.variant, "admin/rewards.csv"),
  });
}

export async function action(args: ActionFunctionArgs) {
  const admin = await adminRoute(args);
  const { ctx, access } = admin;
  const copy = getPage(ctx.contentKey, "rewards").admin;
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  if (!(INTENTS as readonly string[]).includes(intent)) return admin.respond({ error: copy.errors.unknown }, { status: 400 });
  const store = getBackend(ctx).rewards;
  const at = new Date().toISOString();
  try {
    if (intent === "save-step") {
      const parsed = parseStep(form, copy);
      if ("error" in parsed) return admin.respond({ error: parsed.error }, { status: 400 });
      const saved = await store.saveStep(ctx.leadTable, parsed.step, at);
      if (!saved) return admin.respond({ error: copy.errors.unknown }, { status: 404 });
      admin.toast(parsed.step.id ? copy.ladder.saved : copy.ladder.added);
    } else if (intent === "upload-codes") {
      const codes = parseCodes(form);
      if (!codes) return admin.respond({ error: copy.errors.codes }, { status: 400 });
      const step = (await store.steps(ctx.leadTable)).find((row) => row.id === String(form.get("step")) && row.kind === "code");
      if (!step) return admin.respond({ error: copy.errors.unknown }, { status: 404 });
      const added = await store.addCodes(ctx.leadTable, step.id, codes, at);
      admin.toast(copy.codes.uploaded.replace("{count}", String(added)));
    } else {
      const reward = await store.get(ctx.leadTable, String(form.get("id") ?? ""));
      if (!reward || reward.kind !== "perk") return admin.respond({ error: copy.errors.unknown }, { status: 404 });
      // Marking done stays done: the first press asks, with what it will do.
      if (form.get("confirmed") !== "yes") {
        const row = (await store.ledger(ctx.leadTable, { perksToDo: true })).find((item) => item.id === reward.id);
        return admin.respond({ confirm: { id: reward.id, email: row?.email ?? "", title: row?.title ?? "" } });
      }
      await store.markDelivered(ctx.leadTable, reward.id, at, access.user.email ?? "admin");
      admin.toast(copy.todo.done);
    }
  } catch (error) {
    log.error("admin.action_failed", { action: `reward-${intent}` }, error);
    return admin.respond({ error: copy.errors.failed }, { status: 503 });
  }
  return admin.redirect(linkTo(ctx.variant, "admin/rewards"), 303);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.copy.metaTitle ?? "Rewards" },
  { name: "robots", content: "noindex, nofollow" },
];

type Copy = RewardsContent["admin"];
const field = "mt-1 block w-full rounded border border-slate-300 px-2 py-1";
const button = "rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700";

export default function AdminRewards() {
  const { copy, toastCopy, variantName, steps, stock, ledger, todo, low, toasts, here, csv } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <AdminPage title={`${copy.title}: ${variantName}`} intro={copy.intro} toasts={toasts} toastCopy={toastCopy} dismissHref={here}>
      {answer && "error" in answer ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 px-4 py-2 text-red-900" data-testid="rewards-error">
          {answer.error}
        </p>
      ) : null}
      {answer && "confirm" in answer ? (
        <Form method="post" className="mb-6 rounded-lg border-2 border-amber-400 bg-amber-50 p-4" data-testid="confirm-done">
          <p>{copy.todo.confirm.replace("{email}", answer.confirm.email).replace("{title}", answer.confirm.title)}</p>
          <input type="hidden" name="id" value={answer.confirm.id} />
          <input type="hidden" name="confirmed" value="yes" />
          <div className="mt-3 flex gap-3">
            <button type="submit" name="intent" value="done" className={button}>
              {copy.todo.confirmButton}
            </button>
            <a href={here} className="px-4 py-2 underline">
              {copy.todo.cancel}
            </a>
          </div>
        </Form>
      ) : null}

      <section aria-labelledby="ladder" className="mb-10">
        <h2 id="ladder" className="mb-3 text-lg font-semibold text-slate-900">
          {copy.ladder.title}
        </h2>
        {steps.length === 0 ? <p className="mb-3">{copy.ladder.empty}</p> : null}
        <div className="space-y-3">
          {steps.map((step) => (
            <StepForm key={step.id} copy={copy} step={step} />
          ))}
        </div>
        <h3 className="mt-6 mb-2 font-semibold text-slate-900">{copy.ladder.addTitle}</h3>
        <StepForm copy={copy} step={null} />
      </section>

      <section aria-labelledby="codes" className="mb-10">
        <h2 id="codes" className="mb-3 text-lg font-semibold text-slate-900">
          {copy.codes.title}
        </h2>
        {stock.map((pool) => (
          <CodePool key={pool.step_id} copy={copy} pool={pool} step={steps.find((s) => s.id === pool.step_id)} low={low} />
        ))}
      </section>

      <section aria-labelledby="todo" className="mb-10">
        <h2 id="todo" className="mb-3 text-lg font-semibold text-slate-900">
          {copy.todo.title}
        </h2>
        {todo.length === 0 ? (
          <p>{copy.todo.empty}</p>
        ) : (
          <ul className="space-y-2" data-testid="reward-todo">
            {todo.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center gap-3">
                <span>
                  {row.email} · {row.title} · {formatUtc(row.earned_at)}
                </span>
                <Form method="post">
                  <input type="hidden" name="id" value={row.id} />
                  <button type="submit" name="intent" value="done" className="rounded border border-slate-400 px-3 py-1">
                    {copy.todo.markDone}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="ledger">
        <h2 id="ledger" className="mb-3 text-lg font-semibold text-slate-900">
          {copy.ledger.title}
        </h2>
        <p className="mb-3">
          <a href={csv} className="font-semibold underline" data-testid="rewards-csv">
            {copy.ledger.csv}
          </a>
        </p>
        <Ledger copy={copy} rows={ledger} />
      </section>
    </AdminPage>
  );
}

/** One step's form (or the empty form that adds one): the same fields, one Save. */
function StepForm({ copy, step }: { copy: Copy; step: RewardStep | null }) {
  const id = step?.id ?? "new";
  return (
    <Form
      method="post"
      className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-6"
      data-testid="reward-step-form"
      data-kind={step?.kind ?? ""}
    >
      {step ? <input type="hidden" name="id" value={step.id} /> : null}
      <label className="text-sm">
        {copy.ladder.threshold}
        <input name="threshold" type="number" min={1} max={1000} required defaultValue={step?.threshold ?? ""} className={field} />
      </label>
      <label className="text-sm">
        {copy.ladder.kind}
        <select name="kind" defaultValue={step?.kind ?? "download"} className={field}>
          {REWARD_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {copy.kinds[kind]}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm sm:col-span-2">
        {copy.ladder.stepTitle}
        <input name="title" required maxLength={120} defaultValue={step?.title ?? ""} className={field} />
      </label>
      <label className="text-sm sm:col-span-2">
        {copy.ladder.description}
        <input name="description" required maxLength={500} defaultValue={step?.description ?? ""} className={field} />
      </label>
      <label className="text-sm sm:col-span-3">
        {copy.ladder.file}
        <input name="file" defaultValue={step?.file ?? ""} aria-describedby={`file-hint-${id}`} className={field} />
        <span id={`file-hint-${id}`} className="text-xs text-slate-600">
          {copy.ladder.fileHint}
        </span>
      </label>
      <label className="text-sm">
        {copy.ladder.places}
        <input name="places" type="number" min={1} max={1000} defaultValue={step?.places ?? ""} className={field} />
      </label>
      {step ? (
        <label className="flex items-center gap-2 text-sm">
          <input name="enabled" type="checkbox" defaultChecked={step.enabled} />
          {copy.ladder.enabled}
        </label>
      ) : null}
      <div className="flex items-end">
        <button type="submit" name="intent" value="save-step" className={button}>
          {step ? copy.ladder.save : copy.ladder.add}
        </button>
      </div>
    </Form>
  );
}

function CodePool({ copy, pool, step, low }: { copy: Copy; pool: CodeStock; step: RewardStep | undefined; low: number }) {
  return (
    <div className="mb-4 rounded-lg border border-slate-200 p-4" data-testid="code-pool">
      <p className="font-semibold">
        {step?.title} · <span data-testid="codes-left">{copy.codes.remaining.replace("{count}", String(pool.remaining))}</span>
      </p>
      {pool.remaining < low ? (
        <p role="status" className="mt-2 rounded bg-amber-50 px-3 py-2 text-amber-900" data-testid="codes-low">
          {copy.codes.low.replace("{count}", String(pool.remaining))}
        </p>
      ) : null}
      <Form method="post" className="mt-3">
        <input type="hidden" name="step" value={pool.step_id} />
        <label className="block text-sm">
          {copy.codes.upload}
          <textarea name="codes" rows={4} required className={`${field} font-mono`} aria-describedby={`codes-hint-${pool.step_id}`} />
        </label>
        <p id={`codes-hint-${pool.step_id}`} className="text-xs text-slate-600">
          {copy.codes.uploadHint}
        </p>
        <button type="submit" name="intent" value="upload-codes" className={`${button} mt-2`}>
          {copy.codes.uploadButton}
        </button>
      </Form>
    </div>
  );
}

function Ledger({ copy, rows }: { copy: Copy; rows: LedgerRow[] }) {
  if (rows.length === 0) return <p>{copy.ledger.empty}</p>;
  const text = copy.ledger;
  return (
    <div className="overflow-x-auto">
      <table className="text-sm" data-testid="reward-ledger">
        <caption className="sr-only">{text.tableLabel}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-left">
            {[text.parent, text.reward, text.earned, text.state, text.code].map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.id}
              className="border-b border-slate-200"
              data-testid="ledger-row"
              data-email={row.email ?? ""}
              data-title={row.title}
            >
              <td className="px-3 py-2">{row.email}</td>
              <td className="px-3 py-2">{row.title}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatUtc(row.earned_at)}</td>
              <td className="px-3 py-2" data-testid="ledger-state">
                {ledgerState(row, copy)}
              </td>
              <td className="px-3 py-2 font-mono">{row.code ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
