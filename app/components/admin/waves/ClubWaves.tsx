import { Form } from "@remix-run/react";
import { counted } from "#content/plural";
import type { ClubsContent } from "#content/schemas/clubs";
import type { ClubWaveReview, ClubWaveRow } from "~/waves/wave-admin.server";

/**
 * The waves page's "Admit a club together" (ADR 039): the clubs with waiting families (milestone
 * reached first), each a GET to its review, and the review's one button that admits them (the
 * wave's number travels with it, so a double click makes one wave).
 */
export function ClubWaves({
  text,
  rows,
  review,
  action,
  busy,
}: {
  text: ClubsContent["admin"]["waves"];
  rows: ClubWaveRow[];
  review: ClubWaveReview | null;
  action: string;
  busy: boolean;
}) {
  return (
    <section aria-labelledby="club-waves" className="mt-6 rounded-xl border border-slate-200 p-5" data-testid="club-waves">
      <h2 id="club-waves" className="text-lg font-bold text-slate-900">
        {text.title}
      </h2>
      <p className="mt-1 text-slate-700">{text.intro}</p>
      {review ? (
        <Form method="post" action={action} className="mt-4 rounded-lg border border-slate-300 p-4" data-testid="club-wave-review">
          <p className="text-slate-900">{counted(text.confirm, review.count, { club: review.club.name })}</p>
          <input type="hidden" name="intent" value="club" />
          <input type="hidden" name="club" value={review.club.id} />
          <input type="hidden" name="seq" value={review.seq} />
          <button
            type="submit"
            disabled={busy}
            className="mt-3 rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-strong disabled:opacity-60"
          >
            {text.confirmButton}
          </button>
        </Form>
      ) : null}
      {rows.length === 0 ? (
        <p className="mt-3 text-slate-700">{text.none}</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center gap-3">
              <span className="font-semibold">
                {row.name} ({row.city})
              </span>
              <span data-testid="club-waiting">{counted(text.waiting, row.waiting)}</span>
              {row.reached ? <span className="rounded-full bg-green-100 px-2 text-sm text-green-900">{text.reachedBadge}</span> : null}
              <a href={row.reviewHref} className="font-semibold text-brand-strong underline">
                {text.button}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
