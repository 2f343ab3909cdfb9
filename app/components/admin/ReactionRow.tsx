import { useFetcher } from "@remix-run/react";
import type { AdminContent } from "#content/schemas/admin";
import { formatUtc } from "~/admin/columns";
import { ACTION_CELL } from "~/components/admin/AdminTable";

/** The form intent of a Replay on /admin/mail. */
export const REPLAY = "replay-reaction";

/** A follow-up to a fact that kept failing, as /admin/mail lists it. */
export type DeadReaction = {
  factId: string;
  factType: string;
  handler: string;
  attempts: number;
  lastError: string | null;
  failedAt: string;
};

/** One dead reaction with its Replay button: a plain POST form without JavaScript, a fetcher with it. */
export function ReactionRow({ copy, reaction, formAction }: { copy: AdminContent; reaction: DeadReaction; formAction: string }) {
  const fetcher = useFetcher<{ error?: string }>();
  const text = copy.mail.reactions;
  const busy = fetcher.state !== "idle";
  const error = fetcher.data && "error" in fetcher.data ? fetcher.data.error : null;
  return (
    <tr className="border-b border-slate-200 align-top" data-fact-id={reaction.factId} data-handler={reaction.handler}>
      <td className="px-3 py-2">{text.facts[reaction.factType] ?? reaction.factType}</td>
      <td className="px-3 py-2" data-testid="reaction-handler">
        {text.handlers[reaction.handler] ?? reaction.handler}
      </td>
      <td className="px-3 py-2 tabular-nums">{reaction.attempts}</td>
      <td className="px-3 py-2 break-words" data-testid="reaction-error">
        {reaction.lastError ?? "—"}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        <time dateTime={reaction.failedAt}>{formatUtc(reaction.failedAt)}</time>
      </td>
      <td className={`px-3 py-2 ${ACTION_CELL}`}>
        <fetcher.Form method="post" action={formAction}>
          <input type="hidden" name="fact" value={reaction.factId} />
          <input type="hidden" name="handler" value={reaction.handler} />
          <button
            type="submit"
            name="intent"
            value={REPLAY}
            disabled={busy}
            className="rounded border border-slate-400 px-2 py-1 font-semibold whitespace-nowrap hover:bg-slate-100 disabled:opacity-50"
          >
            {text.replay}
          </button>
        </fetcher.Form>
        {error ? (
          <p role="alert" className="mt-1 text-red-900">
            {error}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
