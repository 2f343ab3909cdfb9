import { X } from "lucide-react";
import { useEffect, useState } from "react";

export type ToastItem = { id: string; type: "success" | "error"; message: string };

/** SPEC 3.8 / 9: at most 20 toasts at once; a dismissed toast is removed after 1,000,000 ms. */
const TOAST_LIMIT = 20;
const TOAST_REMOVE_DELAY = 1_000_000;

type Shown = ToastItem & { open: boolean };

/**
 * The flash toasts of the admin pages (role="status", announced politely). Dismiss is a link to
 * the current page, so without JavaScript it reloads the page (the flash is already gone); with
 * JavaScript it hides the toast in place.
 */
export function Toasts({
  toasts,
  label,
  dismissLabel,
  dismissHref,
}: {
  toasts: ToastItem[];
  label: string;
  dismissLabel: string;
  dismissHref: string;
}) {
  const [shown, setShown] = useState<Shown[]>(() => toasts.slice(-TOAST_LIMIT).map((t) => ({ ...t, open: true })));

  // New flash toasts arrive with new loader data (after an edit or delete).
  useEffect(() => {
    setShown((current) => {
      const known = new Set(current.map((t) => t.id));
      const added = toasts.filter((t) => !known.has(t.id)).map((t) => ({ ...t, open: true }));
      return added.length ? [...current, ...added].slice(-TOAST_LIMIT) : current;
    });
  }, [toasts]);

  function dismiss(id: string) {
    setShown((current) => current.map((t) => (t.id === id ? { ...t, open: false } : t)));
    setTimeout(() => setShown((current) => current.filter((t) => t.id !== id)), TOAST_REMOVE_DELAY);
  }

  const open = shown.filter((t) => t.open);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={label}
      className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-80 flex-col gap-2"
    >
      {open.map((toast) => (
        <div
          key={toast.id}
          className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${
            toast.type === "error" ? "border-red-300 bg-red-50 text-red-900" : "border-green-300 bg-green-50 text-green-900"
          }`}
        >
          <p className="flex-1">{toast.message}</p>
          <a
            href={dismissHref}
            onClick={(event) => {
              event.preventDefault();
              dismiss(toast.id);
            }}
            className="rounded p-0.5 hover:bg-black/10"
          >
            <X aria-hidden="true" className="size-4" />
            <span className="sr-only">{dismissLabel}</span>
          </a>
        </div>
      ))}
    </div>
  );
}
