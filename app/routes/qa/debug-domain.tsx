import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { QaPage } from "~/components/qa/QaPanel";
import Home from "~/routes/home";
import { qaHeaders, qaLoader, qaPanel } from "~/qa/qa.server";
import { qaMeta } from "~/qa/qa";
import type { RequestContext } from "~/utils/context.server";
import { buildInfo } from "~/platform/build-info";

/** Which rule of SPEC 2.1 chose the variant (names the rule, never the configured host lists). */
function resolutionRule({ isLocal, url, env }: RequestContext): string {
  const host = url.hostname.toLowerCase();
  if (isLocal) return "loopback host: query parameters domain and sport";
  if (env.GENIUS_HOSTS.includes(host)) return "configured genius host";
  if (env.CHAMPION_HOSTS.includes(host)) return "configured champion host: sport from the path, else ?sport=, else icehockey";
  if (env.PREVIEW_MODE === "on") return "preview host: query parameters domain and sport";
  return "unknown host: genius";
}

export const loader = (args: LoaderFunctionArgs) =>
  qaLoader(args, (ctx) => ({
    panel: qaPanel(ctx),
    request: {
      host: ctx.url.host,
      path: ctx.url.pathname,
      isLocal: ctx.isLocal,
      domainParam: ctx.url.searchParams.get("domain") ?? "(none)",
      sportParam: ctx.url.searchParams.get("sport") ?? "(none)",
      rule: resolutionRule(ctx),
    },
    // The build QA is looking at (the same as the preview ribbon and /__version).
    build: { ...buildInfo(), preview: ctx.env.PREVIEW_MODE === "on" },
  }));
export const headers = qaHeaders;
export const meta = qaMeta("Domain detection");

export default function DebugDomain() {
  const data = useLoaderData<typeof loader>();
  if (data.qaHidden) return <Home />;
  const rows: [string, string][] = [
    ["Host", data.request.host],
    ["Path", data.request.path],
    ["Loopback host", data.request.isLocal ? "yes" : "no"],
    ["?domain=", data.request.domainParam],
    ["?sport=", data.request.sportParam],
    ["Rule applied", data.request.rule],
    ["Preview mode", data.build.preview ? "on" : "off"],
    ["Branch", data.build.branch],
    ["Commit", data.build.commit],
    ["Built at", data.build.builtAt],
  ];
  return (
    <QaPage title="Domain detection" purpose="How this request's host and query chose the variant." panel={data.panel}>
      <section aria-labelledby="request-title">
        <h2 id="request-title" className="text-xl font-semibold text-slate-900">
          Request
        </h2>
        {/* minmax(0, …) and anywhere: a value as long as a commit wraps inside a phone's width. */}
        <dl className="mt-3 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-6 gap-y-1 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-600">{label}</dt>
              <dd className="font-mono wrap-anywhere">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </QaPage>
  );
}
