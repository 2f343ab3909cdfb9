/** The waves page's buttons: the main one (admit) and the small ones (show the cut-off, send a new invite). */
export const BUTTON = "rounded-lg bg-brand px-4 py-2 font-semibold text-white shadow hover:bg-brand-strong disabled:opacity-60";
export const SMALL_BUTTON =
  "rounded border border-slate-400 px-2 py-1 font-semibold whitespace-nowrap hover:bg-slate-100 disabled:opacity-50";
