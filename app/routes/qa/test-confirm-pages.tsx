import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageSchemas } from "#content/schemas";
import { QaPage } from "~/components/qa/QaPanel";
import Home from "~/routes/home";
import { linkTo } from "~/utils/links";
import { loadContentPage, qaHeaders, qaLoader, qaPanel } from "~/qa/qa.server";
import { qaMeta } from "~/qa/qa";

/** Every string of a content value with its path ("main.title"), for a plain preview. */
function flatten(value: unknown, path = ""): { path: string; text: string }[] {
  if (typeof value === "string") return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => flatten(item, `${path}[${index}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => flatten(item, path ? `${path}.${key}` : key));
  }
  return [];
}

/**
 * The confirm pages and where their copy lives: the waitlist page has its own content page, the
 * guide and tips confirm copy is the `confirm` part of their funnel's page. Missing ones are skipped.
 */
const CONFIRM_PAGES = [
  { name: "confirm", page: "confirm", part: null },
  { name: "guide-confirm", page: "guide", part: "confirm" },
  { name: "tips-confirm", page: "tips", part: "confirm" },
] as const;

export const loader = (args: LoaderFunctionArgs) =>
  qaLoader(args, (ctx) => ({
    panel: qaPanel(ctx),
    previews: CONFIRM_PAGES.filter(({ page }) => page in pageSchemas).map(({ name, page, part }) => {
      const href = linkTo(ctx.variant, name);
      try {
        const value = loadContentPage(ctx, page) as Record<string, unknown>;
        const copy = part ? value[part] : value;
        if (copy === undefined) return { name, href, error: `No ${part} copy in "${page}".`, lines: [] };
        return { name, href, error: null, lines: flatten(copy) };
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
              <a className="text-base font-normal text-brand-strong underline" href={preview.href}>
                {preview.href}
              </a>
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
