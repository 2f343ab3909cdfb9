import type { AdminContent } from "#content/schemas/admin";

/** What the admin writes for an announcement (docs/decisions/026-announcements.md). */
export type Draft = { date: string; message: string; ctaLabel: string; ctaUrl: string };

export const DRAFT_LIMITS = { message: 600, ctaLabel: 40, ctaUrl: 500 } as const;

type DraftField = keyof Draft | "sendAt";
export type DraftErrors = Partial<Record<DraftField, string>>;
export type DraftValues = Record<DraftField | "when", string>;

type Source = { get(name: string): unknown };

const str = (source: Source, name: string) => {
  const value = source.get(name);
  return typeof value === "string" ? value : "";
};

/** Control characters other than line breaks never reach a mail. */
const clean = (value: string) =>
  [...value]
    .filter((c) => {
      const code = c.charCodeAt(0);
      return code === 10 || code === 13 || (code >= 32 && code !== 127);
    })
    .join("")
    .trim();

function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

/** An https or http address with a host, or a path on this site ("/pricing", never "//host"). */
function isCtaUrl(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !/\s/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.length > 0 && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** The form's raw values, kept to show the form again. */
export function draftValues(source: Source): DraftValues {
  return {
    date: str(source, "date"),
    message: str(source, "message"),
    ctaLabel: str(source, "ctaLabel"),
    ctaUrl: str(source, "ctaUrl"),
    when: str(source, "when"),
    sendAt: str(source, "sendAt"),
  };
}

/** Checks the admin's fields (server-side; the page shows the same messages). */
export function parseDraft(source: Source, copy: AdminContent["launch"]["errors"]): { draft: Draft } | { errors: DraftErrors } {
  const raw = draftValues(source);
  const draft: Draft = {
    date: clean(raw.date),
    message: clean(raw.message).replace(/\r\n?/g, "\n"),
    ctaLabel: clean(raw.ctaLabel).replace(/\s+/g, " "),
    ctaUrl: clean(raw.ctaUrl),
  };
  const errors: DraftErrors = {};
  if (!isDate(draft.date)) errors.date = copy.date;
  if (!draft.message) errors.message = copy.message;
  else if (draft.message.length > DRAFT_LIMITS.message) errors.message = copy.messageTooLong.replace("{max}", String(DRAFT_LIMITS.message));
  if (!draft.ctaLabel) errors.ctaLabel = copy.ctaLabel;
  else if (draft.ctaLabel.length > DRAFT_LIMITS.ctaLabel)
    errors.ctaLabel = copy.ctaLabelTooLong.replace("{max}", String(DRAFT_LIMITS.ctaLabel));
  if (!draft.ctaUrl || draft.ctaUrl.length > DRAFT_LIMITS.ctaUrl || !isCtaUrl(draft.ctaUrl)) errors.ctaUrl = copy.ctaUrl;
  return Object.keys(errors).length ? { errors } : { draft };
}

/** An early-access date written out as parents read it ("4 May 2026"). */
export function longDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/** When to send: now (null), or a time in UTC ("YYYY-MM-DDTHH:MM") after `now`. */
export function parseWhen(
  source: Source,
  copy: AdminContent["launch"]["errors"],
  now: Date,
): { at: Date | null } | { errors: DraftErrors } {
  if (str(source, "when") !== "later") return { at: null };
  const value = str(source, "sendAt").trim();
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/.exec(value);
  const at = match ? new Date(`${match[1]}T${match[2]}:${match[3]}:00Z`) : null;
  if (!at || Number.isNaN(at.getTime())) return { errors: { sendAt: copy.sendAt } };
  if (at.getTime() <= now.getTime()) return { errors: { sendAt: copy.sendAtPast } };
  return { at };
}
