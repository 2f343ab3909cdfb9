import type { ReactNode } from "react";

/**
 * A console table: its column headings from content, a caption for screen readers, and a frame
 * that scrolls sideways on its own on a narrow screen instead of the page. The rows are the caller's.
 */
export function AdminTable({
  columns,
  caption,
  testId,
  className = "",
  children,
}: {
  columns: Record<string, string>;
  caption?: string;
  testId?: string;
  /** The frame's spacing, e.g. `mt-2`. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`relative overflow-x-auto ${className}`.trim()}>
      <table className="min-w-full text-left text-sm" data-testid={testId}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead>
          <tr className="border-b border-slate-300">
            {Object.values(columns).map((label) => (
              <th key={label} scope="col" className="px-3 py-2 font-semibold text-slate-900">
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
