import type { AdminContent } from "#content/schemas/admin";
import type { BulkConfirmation } from "~/admin/bulk";
import { BulkConfirmForm } from "./BulkConfirmForm";
import { useModalDialog } from "./use-modal-dialog";

/** With JavaScript, a bulk button asks in this dialog before the second POST acts. */
export function BulkDialog({
  copy,
  request,
  back,
  onClose,
}: {
  copy: AdminContent;
  request: BulkConfirmation | null;
  back: string;
  onClose: () => void;
}) {
  const ref = useModalDialog(request !== null);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="bulk-dialog-title"
      className="m-auto w-full max-w-lg rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      {request ? (
        <>
          <h2 id="bulk-dialog-title" className="mb-2 text-xl font-bold text-slate-900">
            {copy.bulk.legend}
          </h2>
          {request.ids.length === 0 ? (
            <>
              <p role="alert">{copy.bulk.none}</p>
              <button type="button" onClick={onClose} className="mt-4 px-3 py-2 font-semibold text-slate-700 underline">
                {copy.bulk.cancel}
              </button>
            </>
          ) : (
            <div onSubmit={() => onClose()}>
              <BulkConfirmForm
                copy={copy}
                request={request}
                back={back}
                cancel={
                  <button type="button" onClick={onClose} className="px-3 py-2 font-semibold text-slate-700 underline">
                    {copy.bulk.cancel}
                  </button>
                }
              />
            </div>
          )}
        </>
      ) : null}
    </dialog>
  );
}
