import { Form } from "@remix-run/react";
import { counted } from "#content/plural";
import type { RewardsContent } from "#content/schemas/rewards";
import { formatUtc } from "~/admin/columns";
import { REWARD_KINDS, type CodeStock, type LedgerRow, type RewardStep } from "~/data/ports/reward-store";
import { ledgerState } from "~/rewards/ledger";

/** The parts of /admin/rewards (docs/decisions/035-rewards-and-revocation.md): a step's form, a code pool, the ledger. */

type Copy = RewardsContent["admin"];
const field = "mt-1 block w-full rounded border border-slate-300 px-2 py-1";
export const button = "rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700";

/** One step's form (or the empty form that adds one): the same fields, one Save. */
export function StepForm({ copy, step }: { copy: Copy; step: RewardStep | null }) {
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

export function CodePool({ copy, pool, step, low }: { copy: Copy; pool: CodeStock; step: RewardStep | undefined; low: number }) {
  return (
    <div className="mb-4 rounded-lg border border-slate-200 p-4" data-testid="code-pool">
      <p className="font-semibold">
        {step?.title} · <span data-testid="codes-left">{counted(copy.codes.remaining, pool.remaining)}</span>
      </p>
      {pool.remaining < low ? (
        <p role="status" className="mt-2 rounded bg-amber-50 px-3 py-2 text-amber-900" data-testid="codes-low">
          {counted(copy.codes.low, pool.remaining)}
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

export function Ledger({ copy, rows }: { copy: Copy; rows: LedgerRow[] }) {
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
