import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import type { AdminContent } from "#content/schemas/admin";
import { formatUtc } from "~/admin/columns";
import { formatCount, type CampaignView } from "~/campaigns/views";
import { useHydrated } from "~/utils/use-hydrated";

/** How often a sending campaign's progress refreshes itself with JavaScript. */
const REFRESH_MS = 2_000;

/** The followed campaign's figures (audience, queued, sent, failed, skipped), refreshed while it sends, and its report when done. */
export function Progress({ copy, campaign }: { copy: AdminContent; campaign: CampaignView }) {
  const text = copy.launch.progress;
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const live = !campaign.progress.done;
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [live, revalidator]);
  const status = campaign.progress.done ? "done" : campaign.status;
  const figures = [
    ["audience", campaign.audience],
    ["queued", campaign.progress.queued],
    ["sent", campaign.progress.sent],
    ["failed", campaign.progress.failed],
    ["skipped", campaign.progress.skipped],
  ] as const;
  return (
    <section aria-labelledby="progress-heading" className="mb-8 rounded-lg border border-slate-300 p-4" data-campaign-id={campaign.id}>
      <h2 id="progress-heading" className="text-lg font-semibold text-slate-900">
        {text.heading}: <span data-testid="campaign-status">{text.statuses[status]}</span>
      </h2>
      <p className="text-sm text-slate-600">
        {text.meta
          .replace("{by}", campaign.by)
          .replace("{at}", formatUtc(campaign.status === "scheduled" ? campaign.sendAt : campaign.createdAt))}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5" aria-live="polite">
        {figures.map(([name, value]) => (
          <div key={name} className="rounded-md bg-slate-50 px-3 py-2">
            <dt className="text-sm text-slate-700">{text[name]}</dt>
            <dd className="text-xl font-bold text-slate-900 tabular-nums" data-testid={`progress-${name}`}>
              {formatCount(value)}
            </dd>
          </div>
        ))}
      </dl>
      {campaign.progress.done ? (
        <p className="mt-3 font-semibold text-slate-900" data-testid="campaign-report">
          {text.report
            .replace("{sent}", formatCount(campaign.progress.sent))
            .replace("{failed}", formatCount(campaign.progress.failed))
            .replace("{skipped}", formatCount(campaign.progress.skipped))
            .replace("{audience}", formatCount(campaign.audience))}
        </p>
      ) : (
        <p className="mt-3 text-sm text-slate-600">{hydrated ? text.live : text.reloadHint}</p>
      )}
    </section>
  );
}
