import { Link } from "@remix-run/react";
import { useHydrated } from "~/utils/use-hydrated";

const continueClass =
  "rounded-lg bg-brand px-6 py-3 text-lg font-semibold text-white hover:bg-brand-strong disabled:cursor-not-allowed disabled:opacity-50";

/**
 * A step's buttons: Back (steps 2 and 3, a plain link) and the submit button, which is disabled while
 * the step is incomplete or submitting — only once hydrated, so it never blocks a no-JavaScript visitor.
 */
export function StepActions({
  backHref,
  backLabel,
  label,
  busyLabel,
  busy,
  complete,
}: {
  backHref?: string;
  backLabel: string;
  label: string;
  busyLabel: string;
  busy: boolean;
  complete: boolean;
}) {
  const hydrated = useHydrated();
  const button = (
    <button
      type="submit"
      name="intent"
      value="continue"
      disabled={hydrated && (!complete || busy)}
      className={`${continueClass} ${backHref ? "flex-1" : "w-full"}`}
    >
      {busy ? busyLabel : label}
    </button>
  );
  if (!backHref) return <div className="mt-8">{button}</div>;
  return (
    <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row">
      <Link
        to={backHref}
        className="rounded-lg border border-slate-300 px-6 py-3 text-center font-semibold text-slate-800 hover:bg-slate-50"
      >
        {backLabel}
      </Link>
      {button}
    </div>
  );
}
