import type { AdminContent } from "#content/schemas/admin";
import type { Dashboard } from "~/analytics/dashboard.server";
import { AdminTable } from "./AdminTable";

/** Forms sent faster than the minimum fill time and shown again to be sent once more, per form (docs/decisions/011-bot-guard.md). */
export function TooFastTable({
  copy,
  rows,
  minFillSeconds,
}: {
  copy: AdminContent["analytics"]["tooFast"];
  rows: Dashboard["tooFast"];
  minFillSeconds: number;
}) {
  return (
    <section className="mt-8" aria-labelledby="too-fast-heading">
      <h2 id="too-fast-heading" className="text-xl font-bold text-slate-900">
        {copy.heading}
      </h2>
      <p className="text-sm text-slate-600">{copy.intro.replace("{seconds}", String(minFillSeconds))}</p>
      <AdminTable columns={{ form: copy.form, count: copy.count }} caption={copy.heading} testId="too-fast" className="mt-2">
        {rows.map((row) => (
          <tr key={row.form} className="border-b border-slate-200" data-form={row.form}>
            <th scope="row" className="px-3 py-1 font-normal">
              {copy.forms[row.form]}
            </th>
            <td className="px-3 py-1 tabular-nums">{row.count}</td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
