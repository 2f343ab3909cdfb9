import { useEffect, useRef } from "react";

/**
 * A native <dialog> that is open exactly while `open` is true: shown modal (focus trapped, Escape
 * closes it, the page behind inert) and closed again when `open` turns false. Put the returned ref
 * on the <dialog> and pass its onClose, which Escape also fires, to clear the state behind `open`.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
