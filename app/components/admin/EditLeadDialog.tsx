import { useFetcher } from "@remix-run/react";
import type { AdminContent } from "#content/schemas/admin";
import type { AdminActionData } from "~/admin/edit-schema";
import type { Lead } from "~/data/ports/lead-store";
import { useLinkTo } from "~/utils/root-data";
import { LeadEditForm } from "./LeadEditForm";
import { useModalDialog } from "./use-modal-dialog";

/** With JavaScript, a row's "Edit" opens the edit form in a dialog; without, the link opens the edit page. */
export function EditLeadDialog({
  lead,
  onClose,
  copy,
  plans,
  back,
}: {
  lead: Lead | null;
  onClose: () => void;
  copy: AdminContent;
  plans: { id: string; name: string }[];
  back: string;
}) {
  const ref = useModalDialog(lead !== null);
  const fetcher = useFetcher<AdminActionData>({ key: lead ? `edit-${lead.id}` : undefined });
  const linkTo = useLinkTo();

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="edit-lead-title"
      className="m-auto w-full max-w-xl rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      {lead ? (
        <>
          <h2 id="edit-lead-title" className="text-xl font-bold text-slate-900">
            {copy.edit.title}
          </h2>
          <p className="mt-1 mb-4 text-sm text-slate-600">{copy.edit.intro}</p>
          <LeadEditForm
            key={lead.id}
            FormComponent={fetcher.Form}
            action={linkTo(`admin/leads/${lead.id}/edit`)}
            lead={lead}
            plans={plans}
            copy={copy}
            back={back}
            fieldErrors={fetcher.data?.fieldErrors}
            formError={fetcher.data?.formError}
            busy={fetcher.state !== "idle"}
            idPrefix="dialog"
            cancel={
              <button type="button" onClick={onClose} className="px-3 py-2 font-semibold text-slate-700 underline">
                {copy.edit.cancel}
              </button>
            }
          />
        </>
      ) : null}
    </dialog>
  );
}
