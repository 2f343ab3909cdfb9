import type { AdminContent } from "#content/schemas/admin";
import type { BulkConfirmation } from "~/admin/bulk";
import { BulkConfirmForm } from "./BulkConfirmForm";

/** The confirmation step of a bulk action without JavaScript: the POST's answer, above the list. */
export function BulkConfirm({
  copy,
  request,
  back,
  cancelHref,
}: {
  copy: AdminContent;
  request: BulkConfirmation;
  back: string;
  cancelHref: string;
}) {
  return (
    <section aria-labelledby="bulk-confirm" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="bulk-confirm">
      <h2 id="bulk-confirm" className="text-lg font-semibold text-slate-900">
        {copy.bulk.legend}
      </h2>
      <BulkConfirmForm
        copy={copy}
        request={request}
        back={back}
        cancel={
          <a href={cancelHref} className="px-3 py-2 font-semibold text-slate-700 underline">
            {copy.bulk.cancel}
          </a>
        }
      />
    </section>
  );
}
