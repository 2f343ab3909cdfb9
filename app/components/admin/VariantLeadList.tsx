import { Form, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { AdminContent } from "#content/schemas/admin";
import type { BulkConfirmation, BulkIntent } from "~/admin/bulk";
import {
  ADMIN_COLUMNS,
  CONSOLE_COLUMNS,
  columnLabel,
  consoleCellText,
  formatUtc,
  type CellLabels,
  type ConsoleLead,
} from "~/admin/columns";
import type { AdminActionData } from "~/admin/edit-schema";
import { LIST_PAGE_SIZE, backValue, lastPage, listQueryParams, type ListQuery } from "~/admin/list-query";
import type { Lead, LeadStats } from "~/data/ports/lead-store";
import { useLinkTo } from "~/utils/root-data";
import { ACTION_CELL } from "./AdminTable";
import { BulkConfirm } from "./BulkConfirm";
import { BulkDialog } from "./BulkDialog";
import { EditLeadDialog } from "./EditLeadDialog";
import { FormError } from "./AdminShell";
import { LeadFilters } from "./LeadFilters";
import { LeadStatCards } from "./LeadStatCards";
import { Paging } from "./Paging";

type PlanName = { id: string; name: string };

/**
 * One variant's lead list: its figures, the filters, the bulk actions and the table with a row's
 * edit, delete and data links, and the paging. Works without JavaScript; with it, edit and the bulk
 * confirmations open in dialogs and delete asks with confirm().
 */
export function VariantLeadList({
  copy,
  query,
  list,
  stats,
  plans,
  labels,
  dataLink,
  bulk,
}: {
  copy: AdminContent;
  query: ListQuery;
  list: { rows: ConsoleLead[]; total: number };
  stats: LeadStats;
  plans: PlanName[];
  labels: CellLabels;
  /** The label of a row's "Manage data" link. */
  dataLink: string;
  bulk?: BulkConfirmation;
}) {
  const linkTo = useLinkTo();
  const location = useLocation();
  const here = linkTo("admin/leads", listQueryParams(query));
  const back = backValue(query);
  const deleter = useFetcher<AdminActionData>();
  const [editing, setEditing] = useState<Lead | null>(null);
  const [asking, setAsking] = useState<BulkConfirmation | null>(null);
  const tableForm = useRef<HTMLFormElement>(null);
  const pages = lastPage(list.total);
  const from = list.rows.length ? (query.page - 1) * LIST_PAGE_SIZE + 1 : 0;
  const to = from ? from + list.rows.length - 1 : 0;
  const columns = [...ADMIN_COLUMNS, ...CONSOLE_COLUMNS] as const;

  // A successful save or delete redirects to the list: close the dialog on every new location.
  useEffect(() => setEditing(null), [location.key]);

  function confirmDelete(event: React.MouseEvent, lead: Lead) {
    event.preventDefault();
    if (!window.confirm(copy.messages.confirmDelete)) return;
    deleter.submit({ intent: "delete", id: lead.id, back }, { method: "post", action: here });
  }

  /** With JavaScript a bulk button asks in a <dialog>; without, the POST answers a confirmation step. */
  function askBulk(event: React.MouseEvent<HTMLButtonElement>) {
    const form = tableForm.current;
    if (!form) return;
    event.preventDefault();
    const ids = new FormData(form).getAll("ids").map(String);
    setAsking({ intent: event.currentTarget.value as BulkIntent, ids });
  }

  function toggleAll(event: React.ChangeEvent<HTMLInputElement>) {
    for (const box of tableForm.current?.querySelectorAll<HTMLInputElement>('input[name="ids"]') ?? []) box.checked = event.target.checked;
  }

  function rowToggled(event: React.ChangeEvent<HTMLInputElement>) {
    const all = tableForm.current?.querySelector<HTMLInputElement>('input[name="all"]');
    if (all && !event.target.checked) all.checked = false;
  }

  const bulkButton = "rounded-md border px-3 py-1.5 text-sm font-semibold";
  return (
    <>
      <FormError message={deleter.data?.formError} />
      <LeadStatCards copy={copy} stats={stats} plans={plans} />
      <LeadFilters copy={copy} query={query} />
      {bulk ? <BulkConfirm copy={copy} request={bulk} back={back} cancelHref={here} /> : null}
      <p className="mt-6 text-sm text-slate-600" data-testid="list-summary">
        {copy.table.summary.replace("{from}", String(from)).replace("{to}", String(to)).replace("{total}", String(list.total))}
      </p>
      <Form method="post" action={here} ref={tableForm} id="bulk-form">
        <input type="hidden" name="back" value={back} />
        {list.rows.map((lead) => (
          <input key={lead.id} type="hidden" name="page_ids" value={lead.id} />
        ))}
        <fieldset className="mt-2 flex flex-wrap items-center gap-2">
          <legend className="sr-only">{copy.bulk.legend}</legend>
          <span className="text-sm text-slate-700" aria-hidden="true">
            {copy.bulk.legend}:
          </span>
          <button
            type="submit"
            name="intent"
            value="bulk-delete"
            onClick={askBulk}
            className={`${bulkButton} border-red-700 text-red-800 hover:bg-red-50`}
          >
            {copy.bulk.delete}
          </button>
          <button
            type="submit"
            name="intent"
            value="bulk-export"
            onClick={askBulk}
            className={`${bulkButton} border-brand text-brand-strong hover:bg-brand-soft`}
          >
            {copy.bulk.export}
          </button>
          <button
            type="submit"
            name="intent"
            value="bulk-revoke"
            onClick={askBulk}
            className={`${bulkButton} border-slate-500 text-slate-800 hover:bg-slate-100`}
          >
            {copy.bulk.revoke}
          </button>
        </fieldset>
        {/* relative: the screen-reader-only labels inside cells are absolutely placed and must stay inside this box. */}
        <div className="relative mt-2 max-w-full overflow-x-auto rounded-lg border border-slate-200" data-testid="lead-table-scroll">
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <caption className="sr-only">{copy.table.caption}</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  <input type="checkbox" name="all" aria-label={copy.bulk.selectAll} onChange={toggleAll} className="size-4" />
                </th>
                {columns.map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap text-slate-900">
                    {columnLabel(copy, column)}
                  </th>
                ))}
                <th
                  scope="col"
                  className="sticky right-0 bg-slate-50 px-3 py-2 font-semibold text-slate-900 shadow-[inset_1px_0_0_var(--color-slate-200)]"
                >
                  {copy.table.actions}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.rows.length === 0 ? (
                <tr>
                  <td colSpan={columns.length + 2} className="px-3 py-6 text-center text-slate-600">
                    {copy.table.empty}
                  </td>
                </tr>
              ) : (
                list.rows.map((lead) => (
                  <tr key={lead.id} data-lead-id={lead.id}>
                    <td className="px-3 py-2 align-top">
                      <input
                        type="checkbox"
                        name="ids"
                        value={lead.id}
                        onChange={rowToggled}
                        aria-label={copy.bulk.select.replace("{email}", lead.email)}
                        className="size-4"
                      />
                    </td>
                    {columns.map((column) => (
                      <td key={column} className="max-w-64 px-3 py-2 align-top break-words text-slate-800" data-column={column}>
                        {column === "created_at" ? (
                          <time dateTime={lead.created_at} className="whitespace-nowrap">
                            {formatUtc(lead.created_at)}
                          </time>
                        ) : (
                          consoleCellText(lead, column, labels)
                        )}
                      </td>
                    ))}
                    <td className={`px-3 py-2 align-top whitespace-nowrap ${ACTION_CELL}`}>
                      <a
                        href={linkTo(`admin/leads/${lead.id}/edit`, { back })}
                        onClick={(event) => {
                          event.preventDefault();
                          setEditing(lead);
                        }}
                        className="font-semibold text-brand-strong underline"
                      >
                        {copy.table.edit}
                        <span className="sr-only"> {lead.email}</span>
                      </a>{" "}
                      <a
                        href={linkTo(`admin/leads/${lead.id}/delete`, { back })}
                        onClick={(event) => confirmDelete(event, lead)}
                        className="ml-2 font-semibold text-red-700 underline"
                      >
                        {copy.table.delete}
                        <span className="sr-only"> {lead.email}</span>
                      </a>{" "}
                      <a href={linkTo(`admin/leads/${lead.id}/data`, { back })} className="ml-2 font-semibold text-brand-strong underline">
                        {dataLink}
                        <span className="sr-only"> {lead.email}</span>
                      </a>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </Form>
      <Paging copy={copy} query={query} pages={pages} />
      <EditLeadDialog lead={editing} onClose={() => setEditing(null)} copy={copy} plans={plans} back={back} />
      <BulkDialog copy={copy} request={asking} back={back} onClose={() => setAsking(null)} />
    </>
  );
}
