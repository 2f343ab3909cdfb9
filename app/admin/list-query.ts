import { LEAD_SOURCES } from "~/data/lead-model";
import type { LeadSource, ListOptions } from "~/data/ports/lead-store";

/**
 * The admin list's state in the URL: ?q= (e-mail or referral code), source=, step=, order=asc|desc, page=.
 * The same parser reads the list page, the CSV export and the "back to the list" value the
 * edit/delete forms carry, so nothing unchecked reaches the store or a redirect.
 */
export type ListQuery = {
  q: string;
  source: LeadSource | "";
  step: 1 | 2 | 3 | null;
  order: "desc" | "asc";
  page: number;
};

export const LIST_PAGE_SIZE = 50;
const MAX_SEARCH_LENGTH = 100;
const MAX_PAGE = 1_000_000;

export function parseListQuery(params: URLSearchParams): ListQuery {
  const source = params.get("source") ?? "";
  const step = Number(params.get("step"));
  const page = Math.floor(Number(params.get("page")));
  return {
    q: (params.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH),
    source: (LEAD_SOURCES as readonly string[]).includes(source) ? (source as LeadSource) : "",
    step: step === 1 || step === 2 || step === 3 ? step : null,
    order: params.get("order") === "asc" ? "asc" : "desc",
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** Query parameters for the link builder; defaults are left out so URLs stay short. */
export function listQueryParams(query: ListQuery, overrides: Partial<ListQuery> = {}): Record<string, string> {
  const merged = { ...query, ...overrides };
  const params: Record<string, string> = {};
  if (merged.q) params.q = merged.q;
  if (merged.source) params.source = merged.source;
  if (merged.step) params.step = String(merged.step);
  if (merged.order === "asc") params.order = "asc";
  if (merged.page > 1) params.page = String(merged.page);
  return params;
}

/** The filter part only (no page): what the CSV export and a filter change keep. */
export function filterParams(query: ListQuery): Record<string, string> {
  return listQueryParams({ ...query, page: 1 });
}

export function listOptions(query: ListQuery, pageSize = LIST_PAGE_SIZE): ListOptions {
  return {
    sortBy: "created_at",
    direction: query.order,
    page: query.page,
    pageSize,
    filters: {
      search: query.q || undefined,
      lead_source: query.source || undefined,
      step_completed: query.step ?? undefined,
      // A form left before its e-mail step has no parent to show, edit or delete; the stats leave it out too.
      entered: true,
    },
  };
}

/** The last page of `total` rows (1 when there are none). */
export function lastPage(total: number, pageSize = LIST_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A page past the end shows the last one: ?page=99 of 2 pages is page 2. */
export function clampPage(query: ListQuery, total: number, pageSize = LIST_PAGE_SIZE): ListQuery {
  const last = lastPage(total, pageSize);
  return query.page > last ? { ...query, page: last } : query;
}

/** Reads the "back to the list" value of a form (a query string) into a ListQuery. */
export function parseBack(value: FormDataEntryValue | null): ListQuery {
  return parseListQuery(new URLSearchParams(typeof value === "string" ? value : ""));
}

/** The inverse of parseBack: the value forms carry to come back to the same list view. */
export function backValue(query: ListQuery): string {
  return new URLSearchParams(listQueryParams(query)).toString();
}
