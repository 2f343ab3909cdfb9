import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { getPage, placeholderValues } from "#content/index";
import { QaPage } from "~/components/qa/QaPanel";
import Home from "~/routes/home";
import { qaHeaders, qaLoader, qaPanel } from "~/qa/qa.server";
import { qaMeta } from "~/qa/qa";

export const loader = (args: LoaderFunctionArgs) =>
  qaLoader(args, (ctx) => ({
    panel: qaPanel(ctx),
    placeholders: placeholderValues(ctx.contentKey),
    site: getPage(ctx.contentKey, "site"),
  }));
export const headers = qaHeaders;
export const meta = qaMeta("Content debug");

export default function DebugContent() {
  const data = useLoaderData<typeof loader>();
  if (data.qaHidden) return <Home />;
  return (
    <QaPage title="Content debug" purpose="The placeholder values and the resolved site copy of this variant." panel={data.panel}>
      <section aria-labelledby="placeholders-title">
        <h2 id="placeholders-title" className="text-xl font-semibold text-slate-900">
          Placeholders
        </h2>
        <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
          {Object.entries(data.placeholders).map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="font-mono text-slate-600">{`{${name}}`}</dt>
              <dd data-testid={`placeholder-${name}`}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="site-title">
        <h2 id="site-title" className="text-xl font-semibold text-slate-900">
          Site copy (resolved)
        </h2>
        <pre className="mt-3 overflow-x-auto rounded-lg bg-slate-900 p-4 text-xs text-slate-100">{JSON.stringify(data.site, null, 2)}</pre>
      </section>
    </QaPage>
  );
}
