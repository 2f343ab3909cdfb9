import { Form } from "@remix-run/react";
import type { AdminContent } from "#content/schemas/admin";
import type { AdmitForm, ShownParent, WaveReview } from "~/waves/wave-admin.server";

/** The admit step of /admin/waves (docs/decisions/028-admin-confirmations.md): the size field, then the review of exactly N. */
export const BUTTON = "rounded-lg bg-brand px-4 py-2 font-semibold text-white shadow hover:bg-brand-strong disabled:opacity-60";
export const SMALL_BUTTON =
  "rounded border border-slate-400 px-2 py-1 font-semibold whitespace-nowrap hover:bg-slate-100 disabled:opacity-50";

type WavesText = AdminContent["waves"];

/**
 * How many to admit: the field holds the suggestion (the first-wave spots left) or the number being
 * changed, and says which. A GET: it only shows the cut-off. Keyed by the wave and the value, so a
 * field the admin typed in before the last wave shows the new suggestion after it (React would keep
 * the typed value of the same input).
 */
export function SizeForm({
  text,
  admit,
  spots,
  badSize,
  action,
  keep,
}: {
  text: WavesText;
  admit: AdmitForm;
  spots: number;
  badSize: boolean;
  action: string;
  keep: Record<string, string>;
}) {
  const suggested = admit.spotsLeft > 0 && admit.value === admit.spotsLeft;
  return (
    <Form method="get" action={action} className="mt-3" key={`${admit.seq}:${admit.value ?? ""}`} data-testid="wave-size">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm font-semibold text-slate-800">
          {text.sizeLabel}
          <input
            type="number"
            name="n"
            min={1}
            max={1000}
            required
            defaultValue={admit.value ?? undefined}
            className="mt-1 w-32 rounded border border-slate-400 px-2 py-1"
            aria-describedby="size-hint"
            aria-invalid={badSize || undefined}
          />
        </label>
        <button type="submit" className={SMALL_BUTTON}>
          {text.preview}
        </button>
      </div>
      <p id="size-hint" className="mt-2 text-sm text-slate-700" data-testid={suggested ? "size-suggested" : "spots-left"}>
        {admit.spotsLeft === 0
          ? text.noneLeft.replace("{spots}", String(spots))
          : suggested
            ? text.suggested.replace("{left}", String(admit.spotsLeft))
            : text.sizeHint.replace("{left}", String(admit.spotsLeft)).replace("{spots}", String(spots))}
      </p>
      {badSize ? (
        <p role="alert" className="mt-2 text-red-900">
          {text.badSize}
        </p>
      ) : null}
    </Form>
  );
}

/** The confirmation: exactly the N asked for (count, places, first and last parents), one button, or back to the number. */
export function Review({
  text,
  review,
  action,
  changeHref,
  busy,
}: {
  text: WavesText;
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
  const cutOff =
    review.count === 1
      ? text.cutOffOne.replace("{seq}", seq).replace("{first}", String(review.firstPlace))
      : text.cutOff
          .replace("{seq}", seq)
          .replace("{count}", String(review.count))
          .replace("{first}", String(review.firstPlace))
          .replace("{last}", String(review.lastPlace));
  return (
    <div className="mt-3" data-testid="wave-review" data-seq={seq}>
      <h3 className="font-semibold text-slate-900">{text.reviewTitle.replace("{seq}", seq)}</h3>
      <p className="mt-1 text-slate-800" data-testid="cut-off" data-count={review.count} data-last-place={review.lastPlace ?? ""}>
        {cutOff}
      </p>
      {review.count < review.asked ? (
        <p className="mt-1 text-slate-700">
          {text.fewer.replace("{count}", String(review.count)).replace("{asked}", String(review.asked))}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-x-10 gap-y-3 text-sm">
        <ParentList title={review.tail.length ? text.reviewFirst : text.reviewAll} parents={review.head} item={text.reviewItem} />
        {review.tail.length ? <ParentList title={text.reviewLast} parents={review.tail} item={text.reviewItem} /> : null}
      </div>
      <p className="mt-3 text-sm text-slate-700">{text.reviewNote}</p>
      <Form method="post" action={action} className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
        {/* The count shown, never more: a line shorter than asked admits exactly who is listed. */}
        <input type="hidden" name="n" value={review.count} />
        <input type="hidden" name="seq" value={review.seq} />
        <button type="submit" name="intent" value="admit" disabled={busy} className={BUTTON}>
          {review.count === 1 ? text.admitOne : text.admit.replace("{count}", String(review.count))}
        </button>
        <a href={changeHref} className="font-semibold text-brand-strong underline">
          {text.change}
        </a>
      </Form>
    </div>
  );
}

function ParentList({ title, parents, item }: { title: string; parents: ShownParent[]; item: string }) {
  return (
    <div>
      <h4 className="font-semibold text-slate-900">{title}</h4>
      <ul className="mt-1 space-y-0.5 text-slate-800">
        {parents.map((parent) => (
          <li key={parent.place}>{item.replace("{place}", String(parent.place)).replace("{email}", parent.email)}</li>
        ))}
      </ul>
    </div>
  );
}
