import { Form } from "@remix-run/react";
import type { AdminContent } from "#content/schemas/admin";
import type { BulkConfirmation } from "~/admin/bulk";
import { useLinkTo } from "~/utils/root-data";
import { counted } from "#content/plural";

/** The confirmation of a bulk action: how many rows, and the one button that acts (the second POST). */
export function BulkConfirmForm({
  copy,
  request,
  back,
  cancel,
}: {
  copy: AdminContent;
  request: BulkConfirmation;
  back: string;
  cancel: React.ReactNode;
}) {
  const linkTo = useLinkTo();
  const question =
    request.intent === "bulk-delete"
      ? copy.bulk.confirmDelete
      : request.intent === "bulk-export"
        ? copy.bulk.confirmExport
        : copy.bulk.confirmRevoke;
  const fields = (
    <>
      <p className="text-slate-900" data-testid="bulk-question">
        {counted(question, request.ids.length)}
      </p>
      <input type="hidden" name="intent" value={request.intent} />
      <input type="hidden" name="confirmed" value="yes" />
      <input type="hidden" name="back" value={back} />
      {request.ids.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
      <div className="mt-4 flex items-center gap-3">
        <button type="submit" className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
          {copy.bulk.confirm}
        </button>
        {cancel}
      </div>
    </>
  );
  // The export answers a file: a plain POST, so the browser downloads it and the page stays.
  return request.intent === "bulk-export" ? (
    <form method="post" action={linkTo("admin/leads.csv")}>
      {fields}
    </form>
  ) : (
    <Form method="post" action={linkTo("admin/leads", parseBackParams(back))}>
      {fields}
    </Form>
  );
}

function parseBackParams(back: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(back));
}
