import type { AdminContent } from "#content/schemas/admin";
import { useLinkTo } from "~/utils/root-data";
import type { Variant } from "~/utils/variant";

/** The analytics filters: this site or all, the dates, UTM source and campaign (a GET form). */
export function AnalyticsFilters({
  copy,
  filters,
  all,
  variant,
}: {
  copy: AdminContent["analytics"]["filters"];
  filters: { from: string; to: string; source: string; campaign: string };
  all: boolean;
  variant: Variant;
}) {
  const linkTo = useLinkTo();
  const field = "mt-1 block w-full rounded-md border border-slate-400 px-3 py-2";
  return (
    <form
      method="get"
      className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-3 lg:grid-cols-6"
      aria-label={copy.heading}
    >
      {variant.domain === "champion" ? (
        <>
          <input type="hidden" name="domain" value="champion" />
          <input type="hidden" name="sport" value={variant.sport} />
        </>
      ) : null}
      <label className="text-sm font-semibold">
        {copy.scope}
        <select name="variants" defaultValue={all ? "all" : ""} className={field}>
          <option value="">{copy.thisSite}</option>
          <option value="all">{copy.allSites}</option>
        </select>
      </label>
      <label className="text-sm font-semibold">
        {copy.from}
        <input type="date" name="from" defaultValue={filters.from} className={field} />
      </label>
      <label className="text-sm font-semibold">
        {copy.to}
        <input type="date" name="to" defaultValue={filters.to} className={field} />
      </label>
      <label className="text-sm font-semibold">
        {copy.source}
        <input type="text" name="source" defaultValue={filters.source} maxLength={100} placeholder={copy.anyValue} className={field} />
      </label>
      <label className="text-sm font-semibold">
        {copy.campaign}
        <input type="text" name="campaign" defaultValue={filters.campaign} maxLength={100} placeholder={copy.anyValue} className={field} />
      </label>
      <div className="flex items-end gap-3">
        <button type="submit" className="rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-strong">
          {copy.apply}
        </button>
        <a href={linkTo("admin/analytics", all ? { variants: "all" } : {})} className="py-2 text-sm underline">
          {copy.reset}
        </a>
      </div>
    </form>
  );
}
