import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageSchemas } from "#content/schemas";
import { QaPage } from "~/components/qa/QaPanel";
import Home from "~/routes/home";
import { linkTo } from "~/utils/links";
import { loadContentPage, qaHeaders, qaLoader, qaPanel } from "~/qa/qa.server";
import { qaMeta } from "~/qa/qa";

/** Loads the content page named by `?page=` (default: site) and reports success or the error. */
export const loader = (args: LoaderFunctionArgs) =>
  qaLoader(args, (ctx) => {
    const name = ctx.url.searchParams.get("page")?.trim() || "site";
    const pages = Object.keys(pageSchemas).map((page) => ({
      page,
      href: linkTo(ctx.variant, ctx.url.pathname, { page }),
    }));
    try {
      const value = loadContentPage(ctx, name);
      return { panel: qaPanel(ctx), pages, name, error: null, keys: Object.keys(value) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { panel: qaPanel(ctx), pages, name, error: message, keys: [] as string[] };
    }
  });
export const headers = qaHeaders;
export const meta = qaMeta("Content loading");

export default function TestContentLoading() {
  const data = useLoaderData<typeof loader>();
  if (data.qaHidden) return <Home />;
  return (
    <QaPage title="Content loading" purpose="Loads one content page (?page=name) and shows the result or the error." panel={data.panel}>
      {data.error ? (
        <section role="alert" className="rounded-xl border border-red-300 bg-red-50 p-5 text-red-900">
          <h2 className="text-xl font-semibold">Error Loading Content</h2>
          <p className="mt-2" data-testid="content-error">
            {data.error}
          </p>
        </section>
      ) : (
        <section aria-labelledby="loaded-title" className="rounded-xl border border-green-300 bg-green-50 p-5">
          <h2 id="loaded-title" className="text-xl font-semibold text-green-900">
            Loaded <span className="font-mono">{data.name}</span>
          </h2>
          <p className="mt-2 text-sm text-green-900">
            Keys:{" "}
            <span className="font-mono" data-testid="content-keys">
              {data.keys.join(", ")}
            </span>
          </p>
        </section>
      )}
      <nav aria-label="Content pages">
        <ul className="flex flex-wrap gap-3 text-sm">
          {data.pages.map((page) => (
            <li key={page.page}>
              <a className="font-mono text-brand-strong underline" href={page.href}>
                {page.page}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </QaPage>
  );
}
