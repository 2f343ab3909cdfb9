import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageSchemas } from "#content/schemas";
import { QaPage } from "~/components/qa/QaPanel";
import Home from "~/routes/home";
import { loadContentPage, qaHeaders, qaLoader, qaPanel } from "~/qa/qa.server";
import { qaMeta } from "~/qa/qa";

export const loader = (args: LoaderFunctionArgs) =>
  qaLoader(args, (ctx) => {
    const panel = qaPanel(ctx);
    return {
      panel,
      pages: Object.keys(pageSchemas).map((name) => {
        const source = panel.ownPages.includes(name) ? ctx.contentKey : "genius (fallback)";
        try {
          loadContentPage(ctx, name);
          return { name, source, status: "valid" };
        } catch (error) {
          return { name, source, status: error instanceof Error ? error.message : String(error) };
        }
      }),
    };
  });
export const headers = qaHeaders;
export const meta = qaMeta("Content");

export default function TestContent() {
  const data = useLoaderData<typeof loader>();
  if (data.qaHidden) return <Home />;
  return (
    <QaPage title="Content" purpose="Every content page for this variant: where it comes from and whether it is valid." panel={data.panel}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Content pages</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2 pr-4">
              Page
            </th>
            <th scope="col" className="py-2 pr-4">
              Source
            </th>
            <th scope="col" className="py-2">
              Schema check
            </th>
          </tr>
        </thead>
        <tbody>
          {data.pages.map((page) => (
            <tr key={page.name} className="border-b border-slate-200">
              <th scope="row" className="py-1 pr-4 font-mono font-medium">
                {page.name}
              </th>
              <td className="py-1 pr-4" data-testid={`source-${page.name}`}>
                {page.source}
              </td>
              <td className="py-1" data-testid={`status-${page.name}`}>
                {page.status}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </QaPage>
  );
}
