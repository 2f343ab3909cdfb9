import { AdminTable, CountCell } from "./AdminTable";
import type { AdminContent } from "#content/schemas/admin";

type Row = { variant: string; content: string; seq: number; admitted: number; opened: number; accepted: number; accounts: number };

/** The launch funnel per variant and wave (ADR 025): admitted → opened → accepted → account, counts only. */
export function LaunchFunnel({
  copy,
  variants,
  rows,
}: {
  copy: AdminContent["launchFunnel"];
  variants: Record<string, string>;
  rows: Row[];
}) {
  return (
    <section className="mt-8" aria-labelledby="launch-heading" data-testid="launch-funnel">
      <h2 id="launch-heading" className="text-xl font-bold text-slate-900">
        {copy.heading}
      </h2>
      <p className="text-sm text-slate-600">{copy.note}</p>
      {rows.length === 0 ? (
        <p className="mt-2" data-testid="launch-none">
          {copy.none}
        </p>
      ) : (
        <AdminTable columns={copy.columns} caption={copy.heading} className="mt-2">
          {rows.map((row) => (
            <tr key={`${row.variant}:${row.seq}`} className="border-b border-slate-200" data-variant={row.variant} data-wave-seq={row.seq}>
              <td className="px-3 py-1">{variants[row.content] ?? row.variant}</td>
              <th scope="row" className="px-3 py-1 font-normal">
                {copy.waveName.replace("{seq}", String(row.seq))}
              </th>
              <CountCell value={row.admitted} testId="launch-admitted" dense />
              <CountCell value={row.opened} testId="launch-opened" dense />
              <CountCell value={row.accepted} testId="launch-accepted" dense />
              <CountCell value={row.accounts} testId="launch-accounts" dense />
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
