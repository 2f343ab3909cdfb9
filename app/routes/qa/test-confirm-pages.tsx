import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageSchemas } from "#content/schemas";
import { QaPage } from "~/components/qa/QaPanel";
import Home from "~/routes/home";
import { linkTo } from "~/utils/links";
import { loadContentPage, qaHeaders, qaLoader, qaPanel } from "~/utils/qa.server";
import { qaMeta } from "~/utils/qa";

/** Every string of a content value with its path ("main.title"), for a plain preview. */
function flatten(value: unknown, path = ""): { path: string; text: string }[] {
  if (typeof value === "string") return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => flatten(item, `${path}[${index}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => flatten(item, path ? `${path}.${key}` : key));
  }
  return [];
}

/** The waitlist, guide and tips confirm pages; whichever content pages exist are previewed. */
const isConfirmPage = (name: string) => /confirm/i.test(name) && !/signup/i.test(name);
const ROUTE_OF: Record<string, string> = { guide: "guide-confirm", tips: "tips-confirm" };

export const loader = (args: LoaderFunctionArgs) =>
  qaLoader(args, (ctx) => ({
    panel: qaPanel(ctx),
    previews: Object.keys(pageSchemas)
      .filter(isConfirmPage)
      .map((name) => {
        const prefix = Object.keys(ROUTE_OF).find((key) => name.toLowerCase().startsWith(key));
        const href = linkTo(ctx.variant, prefix ? ROUTE_OF[prefix] : "confirm");
        try {
          return { name, href, error: null, lines: flatten(loadContentPage(ctx, name)) };
        } catch (error) {
          return { name, href, error: error instanceof Error ? error.message : String(error), lines: [] };
        }
      }),
  }));
export const headers = qaHeaders;
export const meta = qaMeta("Confirm pages");

export default function TestConfirmPages() {
  const data = useLoaderData<typeof loader>();
  if (data.qaHidden) return <Home />;
  return (
    <QaPage title="Confirm pages" purpose="The copy of the confirm pages (waitlist, guide, tips) for this variant." panel={data.panel}>
      {data.previews.length === 0 ? (
        <p data-testid="no-confirm-content">No confirm page content exists yet.</p>
      ) : (
        data.previews.map((preview) => (
          <section key={preview.name} aria-labelledby={`preview-${preview.name}`} data-testid={`preview-${preview.name}`}>
            <h2 id={`preview-${preview.name}`} className="text-xl font-semibold text-slate-900">
              <span className="font-mono">{preview.name}</span>{" "}
              <a className="text-base font-normal text-brand-strong underline" href={preview.href}>{preview.href}</a>
            </h2>
            {preview.error ? (
              <p className="mt-2 text-red-800">{preview.error}</p>
            ) : (
              <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
                {preview.lines.map((line) => (
                  <div key={line.path} className="contents">
                    <dt className="font-mono text-slate-600">{line.path}</dt>
                    <dd>{line.text}</dd>
                  </div>
                ))}
              </dl>
            )}
          </section>
        ))
      )}
    </QaPage>
  );
}
