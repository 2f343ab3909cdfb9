import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { counted } from "#content/plural";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getPage } from "#content/index";
import { adminRoute } from "~/admin/admin-route.server";
import { auditChange } from "~/admin/audit.server";
import { formatUtc } from "~/admin/columns";
import { adminDocumentHeaders } from "~/admin/headers";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { getBackend } from "~/data/backend.server";
import { log } from "~/platform/log.server";
import { parseCodes, parseStep, rewardsPageData } from "~/rewards/admin.server";
import { LOW_CODES } from "~/rewards/ledger";
import type { RouteHandle } from "~/utils/hydrate";
import { linkTo } from "~/utils/links";
import { CodePool, Ledger, StepForm, button } from "~/components/admin/rewards/RewardsParts";

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
      if (saved === "duplicate") return admin.respond({ error: copy.errors.duplicate }, { status: 409 });
      await auditChange(admin, parsed.step.id ? "rewards.step-save" : "rewards.step-add", saved.id, saved.title);
      admin.toast(parsed.step.id ? copy.ladder.saved : copy.ladder.added);
    } else if (intent === "upload-codes") {
      const codes = parseCodes(form);
      if (!codes) return admin.respond({ error: copy.errors.codes }, { status: 400 });
      const step = (await store.steps(ctx.leadTable)).find((row) => row.id === String(form.get("step")) && row.kind === "code");
      if (!step) return admin.respond({ error: copy.errors.unknown }, { status: 404 });
      const added = await store.addCodes(ctx.leadTable, step.id, codes, at);
      // The count only: the codes are what parents redeem.
      if (added) await auditChange(admin, "rewards.codes-upload", step.id, String(added));
      admin.toast(counted(copy.codes.uploaded, added));
    } else {
      const reward = await store.get(ctx.leadTable, String(form.get("id") ?? ""));
      if (!reward || reward.kind !== "perk") return admin.respond({ error: copy.errors.unknown }, { status: 404 });
      // Marking done stays done: the first press asks, with what it will do.
      if (form.get("confirmed") !== "yes") {
        const row = (await store.ledger(ctx.leadTable, { perksToDo: true })).find((item) => item.id === reward.id);
        return admin.respond({ confirm: { id: reward.id, email: row?.email ?? "", title: row?.title ?? "" } });
      }
      const marked = await store.markDelivered(ctx.leadTable, reward.id, at, access.user.email ?? "admin");
      // A repeat keeps the first time: only the press that marked it is audited.
      if (marked?.delivered_at === at) await auditChange(admin, "rewards.perk-done", reward.id);
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
        {/* A new key after each added step empties the form: a second press cannot add the same step again. */}
        <StepForm key={steps.map((step) => step.id).join()} copy={copy} step={null} />
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
