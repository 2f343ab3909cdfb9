import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { AdminContent } from "#content/schemas/admin";
import { formatCount, standingsText, type SendReview } from "~/campaigns/views";
import { counted } from "#content/plural";

/**
 * The one confirmation before a send or a schedule: who (count and variant), the early-access date,
 * when it goes out, and the button that sends exactly the fields shown (the same form key, so a
 * second press finds the campaign the first made). With JavaScript it takes the focus.
 */
export function SendConfirm({ copy, review, action }: { copy: AdminContent; review: SendReview; action: string }) {
  const text = copy.launch.confirm;
  const heading = useRef<HTMLHeadingElement>(null);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  useEffect(() => heading.current?.focus(), [review]);
  const count = formatCount(review.count);
  return (
    <section aria-labelledby="send-confirm-heading" className="mb-8 rounded-lg border-2 border-slate-900 p-4" data-testid="send-confirm">
      <h2 id="send-confirm-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        {review.at ? text.headingLater : text.heading}
      </h2>
      <ul className="mt-2 space-y-1 text-slate-800">
        <li className="font-semibold">
          {review.all
            ? counted(text.audienceAll, review.count, { count })
            : counted(text.audienceOne, review.count, { count, variant: review.scope })}
        </li>
        <li data-testid="confirm-standings">{standingsText(text.standings, review.standings)}</li>
        <li>{text.date.replace("{date}", review.date)}</li>
        <li>{review.at ? text.later.replace("{at}", review.at) : text.now}</li>
      </ul>
      <p className="mt-2 text-sm text-slate-700">{text.note}</p>
      <Form method="post" action={action} className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
        {Object.entries(review.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirm" value="yes" />
        <button
          type="submit"
          name="intent"
          value="send"
          disabled={busy}
          className="rounded-md bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700 disabled:opacity-50"
        >
          {counted(review.at ? text.schedule : text.send, review.count, { count })}
        </button>
        <a
          href="#compose-heading"
          // With JavaScript no navigation: the draft stays as typed and the focus moves to the form.
          onClick={(event) => {
            event.preventDefault();
            document.getElementById("launch-date")?.focus();
          }}
          className="font-semibold text-brand-strong underline"
        >
          {text.back}
        </a>
      </Form>
    </section>
  );
}
