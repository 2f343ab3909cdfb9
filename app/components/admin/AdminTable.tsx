import type { ReactNode } from "react";

/**
 * A row's action cell (Revoke, Send a new invite, Retry): pinned to the frame's right edge, so its
 * buttons stay on a phone's screen while the other columns scroll sideways under it. Opaque, with a
 * hairline on its left (a box shadow: a collapsed border would not move with it).
 */
export const ACTION_CELL = "sticky right-0 bg-white shadow-[inset_1px_0_0_var(--color-slate-200)]";

/**
 * A console table: its column headings from content, a caption for screen readers, and a frame
 * that scrolls sideways on its own on a narrow screen instead of the page. The rows are the caller's;
 * with `actions`, the last column is the rows' actions (their cells use ACTION_CELL).
 */
export function AdminTable({
  columns,
  caption,
  testId,
  className = "",
  actions = false,
  children,
}: {
  columns: Record<string, string>;
  caption?: string;
  testId?: string;
  /** The frame's spacing, e.g. `mt-2`. */
  className?: string;
  /** The last column holds each row's buttons: it stays in view. */
  actions?: boolean;
  children: ReactNode;
}) {
  const labels = Object.values(columns);
  return (
    <div className={`relative overflow-x-auto ${className}`.trim()}>
      <table className="min-w-full text-left text-sm" data-testid={testId}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead>
          <tr className="border-b border-slate-300">
            {labels.map((label, i) => (
              <th
                key={label}
                scope="col"
                className={`px-3 py-2 font-semibold text-slate-900 ${actions && i === labels.length - 1 ? ACTION_CELL : ""}`.trim()}
              >
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A table cell holding a count, its digits aligned; `testId` names it for the tests. */
export function CountCell({ value, testId, dense = false }: { value: ReactNode; testId: string; dense?: boolean }) {
  return (
    <td className={`px-3 ${dense ? "py-1" : "py-2"} tabular-nums`} data-testid={testId}>
      {value}
    </td>
  );
}
