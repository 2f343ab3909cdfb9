import type { PlansPageContent } from "#content/schemas/plans-page";
import type { BillingCycle } from "~/plans/pricing";

/** Monthly/yearly as two links, so it works without JavaScript and the URL says what is shown. */
export function BillingToggle({
  copy,
  cycle,
  hrefFor,
}: {
  copy: PlansPageContent["toggle"];
  cycle: BillingCycle;
  hrefFor: (cycle: BillingCycle) => string;
}) {
  const item = (value: BillingCycle, label: string) => (
    <a
      href={hrefFor(value)}
      aria-current={cycle === value ? "true" : undefined}
      className={`rounded-full px-5 py-2 text-sm font-semibold ${
        cycle === value ? "bg-brand text-white" : "text-slate-700 hover:bg-slate-100"
      }`}
    >
      {label}
    </a>
  );
  return (
    <nav aria-label={copy.label} className="flex items-center justify-center gap-3">
      <div className="inline-flex rounded-full border border-slate-300 bg-white p-1">
        {item("monthly", copy.monthly)}
        {item("yearly", copy.yearly)}
      </div>
      <span className="rounded-full bg-brand-soft px-3 py-1 text-xs font-semibold text-brand-strong">{copy.yearlyNote}</span>
    </nav>
  );
}
