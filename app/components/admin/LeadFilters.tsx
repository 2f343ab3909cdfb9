import { Form } from "@remix-run/react";
import type { AdminContent } from "#content/schemas/admin";
import { filterParams, type ListQuery } from "~/admin/list-query";
import { LEAD_SOURCES } from "~/data/lead-model";
import { useLinkTo } from "~/utils/root-data";
import { VariantInputs } from "./VariantInputs";

/** The list's filters (GET, so they work without JavaScript) and the CSV export of the filtered rows. */
export function LeadFilters({ copy, query }: { copy: AdminContent; query: ListQuery }) {
  const linkTo = useLinkTo();
  const f = copy.filters;
  const field = "mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900";
  return (
    <section aria-labelledby="admin-filters" className="mt-8">
      <h2 id="admin-filters" className="text-lg font-semibold text-slate-900">
        {f.heading}
      </h2>
      <Form method="get" action={linkTo("admin/leads").split("?")[0]} className="mt-2 grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-6">
        <VariantInputs />
        <div className="lg:col-span-2">
          <label htmlFor="filter-q" className="text-sm font-medium">
            {f.email}
          </label>
          <input id="filter-q" name="q" type="search" defaultValue={query.q} placeholder={f.emailPlaceholder} className={field} />
        </div>
        <div>
          <label htmlFor="filter-source" className="text-sm font-medium">
            {f.source}
          </label>
          <select id="filter-source" name="source" defaultValue={query.source} className={field}>
            <option value="">{f.any}</option>
            {LEAD_SOURCES.map((source) => (
              <option key={source} value={source}>
                {copy.leadSources[source]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-step" className="text-sm font-medium">
            {f.step}
          </label>
          <select id="filter-step" name="step" defaultValue={query.step ? String(query.step) : ""} className={field}>
            <option value="">{f.any}</option>
            {[1, 2, 3].map((step) => (
              <option key={step} value={step}>
                {f.stepOption.replace("{step}", String(step))}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-order" className="text-sm font-medium">
            {f.sort}
          </label>
          <select id="filter-order" name="order" defaultValue={query.order} className={field}>
            <option value="desc">{f.newest}</option>
            <option value="asc">{f.oldest}</option>
          </select>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-strong">
            {f.apply}
          </button>
          <a href={linkTo("admin/leads")} className="text-sm font-semibold text-brand-strong underline">
            {f.reset}
          </a>
        </div>
      </Form>
      <p className="mt-3">
        <a
          href={linkTo("admin/leads.csv", filterParams(query))}
          download
          className="inline-block rounded-md border border-brand px-4 py-2 text-sm font-semibold text-brand-strong hover:bg-brand-soft"
        >
          {f.exportCsv}
        </a>
      </p>
    </section>
  );
}
