import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { getPage } from "#content/index";
import { QaPage } from "~/components/qa/QaPanel";
import Home from "~/routes/home";
import { formatPrice, pricePerMonth, yearlySaving } from "~/plans/pricing";
import { qaHeaders, qaLoader, qaPanel } from "~/qa/qa.server";
import { qaMeta } from "~/qa/qa";

export const loader = (args: LoaderFunctionArgs) =>
  qaLoader(args, (ctx) => ({
    panel: qaPanel(ctx),
    plans: getPage(ctx.contentKey, "plans").plans.map((plan) => ({
      id: plan.id,
      name: plan.name,
      monthly: formatPrice(pricePerMonth(plan, "monthly")),
      yearlyPerMonth: formatPrice(pricePerMonth(plan, "yearly")),
      yearly: formatPrice(plan.yearlyPrice),
      saving: formatPrice(yearlySaving(plan)),
      badge: plan.badge ?? "",
      status: plan.status ?? "available",
    })),
  }));
export const headers = qaHeaders;
export const meta = qaMeta("Plans");

export default function TestPlans() {
  const data = useLoaderData<typeof loader>();
  if (data.qaHidden) return <Home />;
  const columns = ["Plan", "Monthly", "Yearly per month", "Yearly total", "Yearly saving", "Badge", "Status"];
  return (
    <QaPage title="Plans" purpose="Every plan of this variant with the computed prices (SPEC 9)." panel={data.panel}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Plans and prices</caption>
        <thead>
          <tr className="border-b border-slate-300">
            {columns.map((column) => (
              <th key={column} scope="col" className="py-2 pr-4">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.plans.map((plan) => (
            <tr key={plan.id} className="border-b border-slate-200" data-testid={`plan-${plan.id}`}>
              <th scope="row" className="py-1 pr-4 font-medium">
                {plan.name} <span className="font-mono text-slate-500">({plan.id})</span>
              </th>
              <td className="py-1 pr-4 font-mono">{plan.monthly}</td>
              <td className="py-1 pr-4 font-mono">{plan.yearlyPerMonth}</td>
              <td className="py-1 pr-4 font-mono">{plan.yearly}</td>
              <td className="py-1 pr-4 font-mono">{plan.saving}</td>
              <td className="py-1 pr-4">{plan.badge}</td>
              <td className="py-1">{plan.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </QaPage>
  );
}
