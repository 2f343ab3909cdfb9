import type { AdminContent } from "#content/schemas/admin";
import { listQueryParams, type ListQuery } from "~/admin/list-query";
import { useLinkTo } from "~/utils/root-data";

/** Previous and next page of the list, with where the admin is. */
export function Paging({ copy, query, pages }: { copy: AdminContent; query: ListQuery; pages: number }) {
  const linkTo = useLinkTo();
  const page = (n: number) => linkTo("admin/leads", listQueryParams(query, { page: n }));
  const link = "rounded-md border border-slate-300 px-3 py-1.5 font-semibold text-brand-strong hover:bg-brand-soft";
  return (
    <nav aria-label={copy.paging.label} className="mt-4 flex items-center gap-4 text-sm">
      {query.page > 1 ? (
        <a href={page(Math.min(query.page - 1, pages))} className={link} rel="prev">
          {copy.paging.previous}
        </a>
      ) : null}
      <span>{copy.paging.position.replace("{page}", String(query.page)).replace("{pages}", String(pages))}</span>
      {query.page < pages ? (
        <a href={page(query.page + 1)} className={link} rel="next">
          {copy.paging.next}
        </a>
      ) : null}
    </nav>
  );
}
