import { useId } from "react";

export type BarRow = { label: string; value: number; note?: string };

/**
 * A server-rendered bar chart: an SVG with role="img", a <title> and a <desc> for screen readers,
 * and the same numbers as a table in a native <details> (no JavaScript, no chart library).
 * `horizontal` lists labelled rows (the funnel); otherwise columns over time (signups per day).
 */
export function BarChart({
  title,
  desc,
  rows,
  columns,
  tableLabel,
  horizontal = false,
  testId,
}: {
  title: string;
  desc: string;
  rows: BarRow[];
  /** Table headings: label, value, and the note column when rows have notes. */
  columns: [string, string, string?];
  tableLabel: string;
  horizontal?: boolean;
  testId?: string;
}) {
  const id = useId();
  const max = Math.max(1, ...rows.map((row) => row.value));
  return (
    <figure className="mt-3" data-testid={testId}>
      {horizontal ? (
        <HorizontalBars id={id} title={title} desc={desc} rows={rows} max={max} />
      ) : (
        <Columns id={id} title={title} desc={desc} rows={rows} max={max} />
      )}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-semibold text-brand-strong">{tableLabel}</summary>
        <table className="mt-2 min-w-[16rem] text-left">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-slate-300">
              {columns.filter(Boolean).map((column) => (
                <th key={column} scope="col" className="px-3 py-1 font-semibold">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-b border-slate-200">
                <th scope="row" className="px-3 py-1 font-normal">
                  {row.label}
                </th>
                <td className="px-3 py-1 tabular-nums">{row.value}</td>
                {columns[2] ? <td className="px-3 py-1 tabular-nums">{row.note ?? ""}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

type ChartProps = { id: string; title: string; desc: string; rows: BarRow[]; max: number };

function HorizontalBars({ id, title, desc, rows, max }: ChartProps) {
  const rowHeight = 28;
  const labelWidth = 220;
  const barWidth = 420;
  const height = rows.length * rowHeight + 8;
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-t ${id}-d`}
      viewBox={`0 0 ${labelWidth + barWidth + 120} ${height}`}
      className="h-auto w-full max-w-3xl text-brand-strong"
    >
      <title id={`${id}-t`}>{title}</title>
      <desc id={`${id}-d`}>{desc}</desc>
      {rows.map((row, i) => {
        const y = i * rowHeight + 4;
        const width = Math.round((row.value / max) * barWidth);
        return (
          <g key={row.label}>
            <text x={labelWidth - 8} y={y + 17} textAnchor="end" fontSize="13" fill="#334155">
              {row.label}
            </text>
            <rect x={labelWidth} y={y + 3} width={Math.max(width, row.value ? 2 : 0)} height={rowHeight - 8} rx="3" fill="currentColor" />
            <text x={labelWidth + width + 6} y={y + 17} fontSize="13" fill="#0f172a">
              {row.note ? `${row.value} (${row.note})` : row.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function Columns({ id, title, desc, rows, max }: ChartProps) {
  const chartHeight = 140;
  const step = Math.max(4, Math.min(24, Math.floor(720 / Math.max(1, rows.length))));
  const width = rows.length * step + 40;
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-t ${id}-d`}
      viewBox={`0 0 ${width} ${chartHeight + 36}`}
      className="h-auto w-full max-w-3xl text-brand-strong"
    >
      <title id={`${id}-t`}>{title}</title>
      <desc id={`${id}-d`}>{desc}</desc>
      <text x="0" y="12" fontSize="11" fill="#475569">
        {max}
      </text>
      <line x1="32" x2={width} y1={chartHeight + 8} y2={chartHeight + 8} stroke="#94a3b8" />
      {rows.map((row, i) => {
        const h = Math.round((row.value / max) * chartHeight);
        return (
          <rect key={row.label} x={36 + i * step} y={chartHeight + 8 - h} width={Math.max(2, step - 2)} height={h} fill="currentColor" />
        );
      })}
      {rows.length ? (
        <>
          <text x="36" y={chartHeight + 28} fontSize="11" fill="#475569">
            {rows[0].label}
          </text>
          <text x={width} y={chartHeight + 28} fontSize="11" fill="#475569" textAnchor="end">
            {rows[rows.length - 1].label}
          </text>
        </>
      ) : null}
    </svg>
  );
}
