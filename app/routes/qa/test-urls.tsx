import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { QaPage } from "~/components/qa/QaPanel";
import Home from "~/routes/home";
import { absoluteLinkTo, linkTo } from "~/utils/links";
import { qaHeaders, qaLoader, qaPanel } from "~/qa/qa.server";
import { qaMeta } from "~/qa/qa";

/** Every page of the route table (SPEC 2.2) by its link-builder name. */
const PAGES = [
  "home",
  "form",
  "roadmap",
  "plans",
  "signup",
  "signup-confirm",
  "confirm",
  "guide",
  "guide-form",
  "guide-confirm",
  "tips",
  "tips-form",
  "tips-confirm",
  "pricing",
  "faq",
  "privacy",
  "terms",
];

export const loader = (args: LoaderFunctionArgs) =>
  qaLoader(args, (ctx) => ({
    panel: qaPanel(ctx),
    links: PAGES.map((page) => ({
      page,
      path: linkTo(ctx.variant, page),
      // What e-mails and share messages would carry: the variant's public origin.
      absolute: absoluteLinkTo(ctx.origin, ctx.variant, page),
    })),
  }));
export const headers = qaHeaders;
export const meta = qaMeta("URLs");

export default function TestUrls() {
  const data = useLoaderData<typeof loader>();
  if (data.qaHidden) return <Home />;
  return (
    <QaPage title="URLs" purpose="Every page's link as the link builder makes it for this variant." panel={data.panel}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Links per page</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2 pr-4">
              Page
            </th>
            <th scope="col" className="py-2 pr-4">
              Path
            </th>
            <th scope="col" className="py-2">
              Absolute
            </th>
          </tr>
        </thead>
        <tbody>
          {data.links.map((link) => (
            <tr key={link.page} className="border-b border-slate-200">
              <th scope="row" className="py-1 pr-4 font-medium">
                {link.page}
              </th>
              <td className="py-1 pr-4 font-mono" data-testid={`link-${link.page}`}>
                {link.path}
              </td>
              <td className="py-1 font-mono break-all">{link.absolute}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </QaPage>
  );
}
