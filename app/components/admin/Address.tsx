import { Fragment } from "react";

/**
 * An e-mail address that wraps before its @ and its dots (a <wbr> there), never mid-word: in a
 * narrow table column it reads "anna.berg / @example.com", not one letter per line. At least 10rem
 * wide, so a squeezed column still shows a name per line rather than a fragment. `break-word` only
 * for a part longer than the whole line outside a table (it never narrows a table column).
 */
export function Address({ value, testId }: { value: string; testId?: string }) {
  const parts = value.split(/(?=[@.])/);
  return (
    <span className="inline-block min-w-40 wrap-break-word" data-testid={testId}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
