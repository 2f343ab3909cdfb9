import type { AdminContent } from "#content/schemas/admin";
import { LEAD_SOURCES } from "~/data/lead-model";
import type { LeadStats } from "~/data/ports/lead-store";

/** The variant's lead figures: total, completed, by source, by plan, referrals. */
export function LeadStatCards({ copy, stats, plans }: { copy: AdminContent; stats: LeadStats; plans: { id: string; name: string }[] }) {
  const planName = (id: string) => plans.find((plan) => plan.id === id)?.name ?? id;
  const sources = LEAD_SOURCES.map((source) => [copy.leadSources[source], stats.bySource[source] ?? 0] as const);
  const byPlan = Object.entries(stats.byPlan).map(([id, n]) => [planName(id), n] as const);
  const card = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm";
  return (
    <section aria-labelledby="admin-stats">
      <h2 id="admin-stats" className="sr-only">
        {copy.stats.heading}
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <div className={card} data-testid="stat-total">
          <dt className="text-sm text-slate-600">{copy.stats.total}</dt>
          <dd className="mt-1 text-3xl font-bold text-slate-900">{stats.total}</dd>
        </div>
        <div className={card} data-testid="stat-completed">
          <dt className="text-sm text-slate-600">{copy.stats.completed}</dt>
          <dd className="mt-1 text-3xl font-bold text-slate-900">{stats.completed}</dd>
        </div>
        <div className={card} data-testid="stat-sources">
          <dt className="text-sm text-slate-600">{copy.stats.bySource}</dt>
          <dd className="mt-1 text-sm">
            <CountList counts={sources} />
          </dd>
        </div>
        <div className={card} data-testid="stat-plans">
          <dt className="text-sm text-slate-600">{copy.stats.byPlan}</dt>
          <dd className="mt-1 text-sm">
            {byPlan.length === 0 ? <span className="text-slate-600">{copy.stats.none}</span> : <CountList counts={byPlan} />}
          </dd>
        </div>
        <div className={card} data-testid="stat-referrals">
          <dt className="text-sm text-slate-600">{copy.stats.referrals}</dt>
          <dd className="mt-1 text-3xl font-bold text-slate-900">{stats.referrals}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Labels with their counts, one per line. */
function CountList({ counts }: { counts: readonly (readonly [string, number])[] }) {
  return (
    <ul>
      {counts.map(([label, n]) => (
        <li key={label} className="flex justify-between gap-2">
          <span>{label}</span>
          <span className="font-semibold">{n}</span>
        </li>
      ))}
    </ul>
  );
}
