import type { AdminContent } from "#content/schemas/admin";
import { formatUtc } from "~/admin/columns";
import { formatCount, type LedgerRow } from "~/campaigns/views";
import { Address } from "../Address";
import { ACTION_CELL, AdminTable } from "../AdminTable";

/** Every campaign of the scope, newest first, with its status and sent count, and a link that follows it. */
export function Ledger({ copy, rows, here }: { copy: AdminContent; rows: LedgerRow[]; here: string }) {
  const text = copy.launch.ledger;
  const statuses = copy.launch.progress.statuses;
  const withCampaign = (id: string) => `${here}${here.includes("?") ? "&" : "?"}campaign=${encodeURIComponent(id)}`;
  return (
    <section aria-labelledby="ledger-heading">
      <h2 id="ledger-heading" className="text-lg font-semibold text-slate-900">
        {text.heading}
      </h2>
      {rows.length === 0 ? (
        <p className="text-slate-600" data-testid="ledger-none">
          {text.none}
        </p>
      ) : (
        <AdminTable columns={text.columns} caption={text.caption} testId="campaign-ledger" className="mt-2" actions>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-slate-200" data-campaign-id={row.id}>
              <td className="px-3 py-2 whitespace-nowrap">
                <time dateTime={row.createdAt}>{formatUtc(row.createdAt)}</time>
              </td>
              <td className="px-3 py-2">
                <Address value={row.by} />
              </td>
              <td className="px-3 py-2">{row.scope}</td>
              <td className="px-3 py-2 whitespace-nowrap">{row.date}</td>
              <td className="px-3 py-2">{row.message}</td>
              <td className="px-3 py-2">{statuses[row.done ? "done" : row.status]}</td>
              <td className="px-3 py-2 tabular-nums">{formatCount(row.audience)}</td>
              <td className="px-3 py-2 tabular-nums">{formatCount(row.sent)}</td>
              <td className={`px-3 py-2 ${ACTION_CELL}`}>
                <a href={withCampaign(row.id)} className="font-semibold text-brand-strong underline">
                  {text.open}
                </a>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
