import type { RewardsContent } from "#content/schemas/rewards";
import { getBackend } from "~/data/backend.server";
import { REWARD_KINDS, type LedgerRow, type NewRewardStep, type RewardKind } from "~/data/ports/reward-store";
import type { RequestContext } from "~/utils/context.server";
import { ledgerState } from "./ledger";
import { isDownloadPath } from "./status.server";

/** /admin/rewards (ADR 035): the forms' parsing, the page's reads and the ledger as CSV rows. */

type AdminCopy = RewardsContent["admin"];

const MAX_CODES = 1000;

const wholeNumber = (value: FormDataEntryValue | null, max: number) => {
  const text = String(value ?? "").trim();
  const n = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  return n >= 1 && n <= max ? n : null;
};

/** A step from the ladder form; the first problem's message when it is not valid. */
export function parseStep(form: FormData, copy: AdminCopy): { step: NewRewardStep & { id?: string } } | { error: string } {
  const threshold = wholeNumber(form.get("threshold"), 1000);
  if (threshold === null) return { error: copy.errors.threshold };
  const kind = String(form.get("kind") ?? "");
  if (!(REWARD_KINDS as readonly string[]).includes(kind)) return { error: copy.errors.kind };
  const title = String(form.get("title") ?? "").trim();
  if (!title || title.length > 120) return { error: copy.errors.title };
  const description = String(form.get("description") ?? "").trim();
  if (!description || description.length > 500) return { error: copy.errors.description };
  const file = String(form.get("file") ?? "").trim();
  if (kind === "download" && !isDownloadPath(file)) return { error: copy.errors.file };
  const places = kind === "places" ? wholeNumber(form.get("places"), 1000) : null;
  if (kind === "places" && places === null) return { error: copy.errors.places };
  const id = String(form.get("id") ?? "").trim();
  return {
    step: {
      ...(id ? { id } : {}),
      threshold,
      kind: kind as RewardKind,
      title,
      description,
      file: kind === "download" ? file : null,
      places,
      // A new step starts on; an edit says with its checkbox.
      enabled: id ? form.get("enabled") === "on" : true,
    },
  };
}

/** The codes of the upload box: one per line, trimmed, blank lines and repeats dropped. */
export function parseCodes(form: FormData): string[] | null {
  const codes = [
    ...new Set(
      String(form.get("codes") ?? "")
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
  if (codes.length === 0 || codes.length > MAX_CODES || codes.some((code) => code.length > 64)) return null;
  return codes;
}

/** Everything the page shows for one variant. */
export async function rewardsPageData(ctx: Pick<RequestContext, "env" | "bindings" | "leadTable">) {
  const store = getBackend(ctx).rewards;
  const [steps, stock, ledger, todo] = await Promise.all([
    store.steps(ctx.leadTable),
    store.codeStock(ctx.leadTable),
    store.ledger(ctx.leadTable, { limit: 200 }),
    store.ledger(ctx.leadTable, { perksToDo: true }),
  ]);
  return { steps, stock, ledger, todo };
}

/** The CSV's header and rows: the whole ledger of the variant (kept small: one row per earned step). */
export function ledgerCsvRows(rows: LedgerRow[], copy: AdminCopy, kinds: AdminCopy["kinds"]): string[][] {
  const header = [
    copy.ledger.parent,
    copy.ledger.reward,
    "kind",
    "threshold",
    copy.ledger.earned,
    copy.ledger.state,
    "delivered_at",
    "withdrawn_at",
    "flagged_at",
    copy.ledger.code,
  ];
  return [
    header,
    ...rows.map((row) => [
      row.email ?? "",
      row.title,
      kinds[row.kind],
      String(row.threshold),
      row.earned_at,
      ledgerState(row, copy),
      row.delivered_at ?? "",
      row.withdrawn_at ?? "",
      row.flagged_at ?? "",
      row.code ?? "",
    ]),
  ];
}
