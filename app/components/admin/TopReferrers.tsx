import type { AdminContent } from "#content/schemas/admin";
import type { ReferrerRow } from "~/data/ports/analytics-store";
import type { ContentKey } from "~/utils/variant";
import { Address } from "./Address";

/** The referrers with the most credited referrals, with their pending and rejected ones and risk flags. */
export function TopReferrers({
  copy,
  rows,
}: {
  copy: Pick<AdminContent["analytics"], "referrers" | "sites">;
  rows: Array<ReferrerRow & { variant: ContentKey }>;
}) {
  return rows.length === 0 ? (
    <p className="mt-2">{copy.referrers.none}</p>
  ) : (
    <div className="overflow-x-auto">
      <table className="mt-2 min-w-full text-left text-sm" data-testid="top-referrers">
        <caption className="sr-only">{copy.referrers.heading}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            {Object.values(copy.referrers.columns).map((label) => (
              <th key={label} scope="col" className="px-3 py-1 font-semibold">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.table}:${row.referrerId}`} className="border-b border-slate-200">
              <td className="px-3 py-1">
                <Address value={row.email} />
              </td>
              <td className="px-3 py-1 font-mono">{row.refCode ?? ""}</td>
              <td className="px-3 py-1">{copy.sites[row.variant]}</td>
              <td className="px-3 py-1 tabular-nums">{row.credited}</td>
              <td className="px-3 py-1 tabular-nums">{row.pending}</td>
              <td className="px-3 py-1 tabular-nums">{row.rejected}</td>
              <td className="px-3 py-1">{row.riskFlags.join(", ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
