import { Check } from "lucide-react";
import type { ReactNode } from "react";
import type { Plan } from "#content/schemas/plans";
import type { PlansPageContent } from "#content/schemas/plans-page";
import { formatPrice, pricePerMonth, yearlySaving, type BillingCycle } from "~/plans/pricing";

/** One plan card (SPEC 2.7): name, tagline, price per month, features, badge, action, note. */
export function PlanCard({
  plan,
  cycle,
  copy,
  disabled = false,
  disabledLabel,
  action,
}: {
  plan: Plan;
  cycle: BillingCycle;
  copy: PlansPageContent["card"];
  disabled?: boolean;
  disabledLabel?: string;
  /** The card's button or link. */
  action: ReactNode;
}) {
  const borderClass = plan.border || plan.emphasis ? "border-2 border-brand" : "border border-slate-200";
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      data-plan={plan.id}
      className={`relative flex flex-col rounded-2xl p-6 shadow-sm ${
        // Greyed out by colour, not by transparency: its text stays as readable as any card's.
        disabled ? "border border-dashed border-slate-400 bg-slate-100 grayscale" : `${borderClass} ${plan.bgColor}`
      } ${plan.separated ? "lg:ml-4" : ""}`}
    >
      {disabled && disabledLabel ? (
        <span className="absolute -top-3 left-6 rounded-full bg-slate-700 px-3 py-1 text-xs font-semibold text-white">{disabledLabel}</span>
      ) : plan.badge ? (
        <span className={`absolute -top-3 left-6 rounded-full px-3 py-1 text-xs font-semibold ${plan.badgeColor}`}>{plan.badge}</span>
      ) : null}
      <h2 id={`plan-${plan.id}`} className="text-xl font-bold text-slate-900">
        {plan.name}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{plan.tagline}</p>
      <p className="mt-4">
        <span className="text-4xl font-extrabold text-slate-900" data-testid="price">
          {formatPrice(pricePerMonth(plan, cycle))}
        </span>
        <span className="text-slate-700">{copy.perMonth}</span>
      </p>
      {cycle === "yearly" ? (
        <p className="mt-1 text-sm text-slate-700">
          {copy.billedYearly.replace("{price}", formatPrice(plan.yearlyPrice))} ·{" "}
          <span className="font-semibold text-brand-strong" data-testid="saving">
            {copy.yearlySaving.replace("{amount}", formatPrice(yearlySaving(plan)))}
          </span>
        </p>
      ) : null}
      <ul className="mt-6 flex-1 space-y-2 text-sm text-slate-800">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 h-4 w-4 flex-none text-brand" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="mt-6">{action}</div>
      {/* A plan that cannot be chosen promises nothing about paying for it. */}
      {disabled ? null : <p className="mt-2 text-center text-xs text-slate-600">{copy.noCreditCard}</p>}
    </article>
  );
}

/** A plan's button; one that cannot be chosen is pale and outlined, never the plan's solid colour. */
export const planButtonClass = (plan: Plan, unavailable = false) =>
  `block w-full rounded-lg px-4 py-3 text-center font-semibold disabled:cursor-not-allowed ${
    unavailable ? "border border-dashed border-slate-400 bg-slate-50 text-slate-600" : plan.buttonColor
  }`;
