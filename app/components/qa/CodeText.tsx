import { Fragment } from "react";

/** Staff copy with `code` in backticks (content/qa.ts), the backticked parts as <code>. */
export function CodeText({ text }: { text: string }) {
  return (
    <>
      {text.split("`").map((part, index) =>
        index % 2 === 1 ? (
          <code key={index} className="rounded bg-slate-100 px-1 font-mono text-[0.9em] break-all">
            {part}
          </code>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
