/** One funnel as a table: each step's visitors and the share of the step before (admin analytics). */
export function FunnelTable({
  copy,
  labels,
  caption,
  rows,
  testId,
  kind,
}: {
  copy: { step: string; count: string; conversion: string; none: string };
  labels: Record<string, string>;
  caption: string;
  rows: Array<{ step: string; count: number; conversion: number | null }>;
  testId: string;
  kind?: string;
}) {
  return (
    <table className="mt-4 text-left text-sm" data-testid={testId} data-kind={kind}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-300">
          <th scope="col" className="px-3 py-1">
            {copy.step}
          </th>
          <th scope="col" className="px-3 py-1">
            {copy.count}
          </th>
          <th scope="col" className="px-3 py-1">
            {copy.conversion}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.step} className="border-b border-slate-200" data-step={row.step}>
            <th scope="row" className="px-3 py-1 font-normal">
              {labels[row.step] ?? row.step}
            </th>
            <td className="px-3 py-1 tabular-nums" data-testid="funnel-count">
              {row.count}
            </td>
            <td className="px-3 py-1 tabular-nums">{percent(row.conversion) ?? copy.none}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export const percent = (share: number | null) => (share === null ? null : `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`);
