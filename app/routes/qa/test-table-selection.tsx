import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { QaPage } from "~/components/qa/QaPanel";
import Home from "~/routes/home";
import { qaHeaders, qaLoader, qaPanel } from "~/qa/qa.server";
import { qaMeta } from "~/qa/qa";
import { leadTableOf, variantKey, type Variant } from "~/utils/variant";

const VARIANTS: Variant[] = [{ domain: "genius" }, { domain: "champion", sport: "icehockey" }, { domain: "champion", sport: "tennis" }];

export const loader = (args: LoaderFunctionArgs) =>
  qaLoader(args, (ctx) => ({
    panel: qaPanel(ctx),
    current: variantKey(ctx.variant),
    tables: VARIANTS.map((variant) => ({ key: variantKey(variant), table: leadTableOf(variant) })),
  }));
export const headers = qaHeaders;
export const meta = qaMeta("Lead table selection");

export default function TestTableSelection() {
  const data = useLoaderData<typeof loader>();
  if (data.qaHidden) return <Home />;
  return (
    <QaPage title="Lead table selection" purpose="The lead table each variant writes to (SPEC 3.1)." panel={data.panel}>
      <table className="w-full max-w-xl text-left text-sm">
        <caption className="sr-only">Lead table per variant</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2 pr-4">
              Variant
            </th>
            <th scope="col" className="py-2">
              Table
            </th>
          </tr>
        </thead>
        <tbody>
          {data.tables.map((row) => (
            <tr
              key={row.key}
              className={row.key === data.current ? "bg-brand-soft font-semibold" : undefined}
              aria-current={row.key === data.current ? "true" : undefined}
            >
              <th scope="row" className="py-1 pr-4 font-medium">
                {row.key}
              </th>
              <td className="py-1 font-mono" data-testid={`table-${row.key}`}>
                {row.table}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </QaPage>
  );
}
