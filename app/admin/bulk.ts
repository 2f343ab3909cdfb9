import type { AdminContent } from "#content/schemas/admin";

/** The bulk actions of the lead list: what a bulk form names, and how it is read. Shared by server and browser. */

/**
 * Rows one bulk action may touch: a page is 50, so this only stops forged requests (and stays
 * below the request guard's 200 form fields, so it is this clear message that refuses them).
 */
export const MAX_BULK_IDS = 100;
export const BULK_INTENTS = ["bulk-delete", "bulk-export", "bulk-revoke"] as const;
export type BulkIntent = (typeof BULK_INTENTS)[number];

const ID = /^[A-Za-z0-9-]{1,64}$/;

export type BulkRequest = { intent: BulkIntent; ids: string[] } | { error: "unknown" | "none" | "tooMany" };

/**
 * Reads a bulk form: the intent, and the ticked rows (`ids`), or every row of the page when
 * "select all" was ticked (`all` + `page_ids`: that works without JavaScript too). Ids are
 * deduplicated; a malformed one is ignored like an unticked box.
 */
export function parseBulk(form: FormData): BulkRequest {
  const intent = form.get("intent");
  if (!(BULK_INTENTS as readonly unknown[]).includes(intent)) return { error: "unknown" };
  const source = form.get("all") === "on" ? form.getAll("page_ids") : form.getAll("ids");
  const ids = [...new Set(source.filter((id): id is string => typeof id === "string" && ID.test(id)))];
  if (ids.length === 0) return { error: "none" };
  if (ids.length > MAX_BULK_IDS) return { error: "tooMany" };
  return { intent: intent as BulkIntent, ids };
}

/** The confirmation step a bulk POST without `confirmed=yes` answers (the page without JavaScript). */
export type BulkConfirmation = { intent: BulkIntent; ids: string[] };
export type BulkActionData = { bulk?: BulkConfirmation; formError?: string };

/** The message of a bulk form that names no rows, too many, or no known action. */
export function bulkRefusal(copy: AdminContent, error: "unknown" | "none" | "tooMany"): string {
  if (error === "none") return copy.bulk.none;
  if (error === "tooMany") return copy.bulk.tooMany.replace("{max}", String(MAX_BULK_IDS));
  return copy.bulk.unknown;
}
