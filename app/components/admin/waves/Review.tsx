import { Form } from "@remix-run/react";
import type { AdminContent } from "#content/schemas/admin";
import type { WaveReview } from "~/waves/wave-admin.server";
import { BUTTON } from "./buttons";
import { ParentList } from "./ParentList";
import { counted } from "#content/plural";

/** The confirmation: exactly the N asked for (count, places, first and last parents), one button, or back to the number. */
export function Review({
  text,
  review,
  action,
  changeHref,
  busy,
}: {
  text: AdminContent["waves"];
  review: WaveReview;
  action: string;
  changeHref: string;
  busy: boolean;
}) {
  const seq = String(review.seq);
  if (review.count === 0) {
    return (
      <div className="mt-3" data-testid="wave-review" data-seq={seq}>
        <p className="text-slate-700" data-testid="cut-off" data-count="0">
          {text.nobody}
        </p>
        <p className="mt-3">
          <a href={changeHref} className="font-semibold text-brand-strong underline">
            {text.change}
          </a>
        </p>
      </div>
    );
  }
  const cutOff = counted(text.cutOff, review.count, { seq, first: String(review.firstPlace), last: String(review.lastPlace) });
  return (
    <div className="mt-3" data-testid="wave-review" data-seq={seq}>
      <h3 className="font-semibold text-slate-900">{text.reviewTitle.replace("{seq}", seq)}</h3>
      <p className="mt-1 text-slate-800" data-testid="cut-off" data-count={review.count} data-last-place={review.lastPlace ?? ""}>
        {cutOff}
      </p>
      {review.count < review.asked ? (
        <p className="mt-1 text-slate-700">{counted(text.fewer, review.count, { asked: review.asked })}</p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-x-10 gap-y-3 text-sm">
        <ParentList title={review.tail.length ? text.reviewFirst : text.reviewAll} parents={review.head} item={text.reviewItem} />
        {review.tail.length ? <ParentList title={text.reviewLast} parents={review.tail} item={text.reviewItem} /> : null}
      </div>
      {/* Places are computed without held credits (ADR 036): the cut-off says so. */}
      {review.held > 0 ? (
        <p className="mt-2 text-slate-800" data-testid="cut-off-held" data-count={review.held}>
          {counted(text.held, review.held)}
        </p>
      ) : null}
      <p className="mt-3 text-sm text-slate-700">{text.reviewNote}</p>
      <Form method="post" action={action} className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
        {/* The count shown, never more: a line shorter than asked admits exactly who is listed. */}
        <input type="hidden" name="n" value={review.count} />
        <input type="hidden" name="seq" value={review.seq} />
        <button type="submit" name="intent" value="admit" disabled={busy} className={BUTTON}>
          {counted(text.admit, review.count)}
        </button>
        <a href={changeHref} className="font-semibold text-brand-strong underline">
          {text.change}
        </a>
      </Form>
    </div>
  );
}
