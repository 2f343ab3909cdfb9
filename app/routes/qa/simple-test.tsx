import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { QaPage } from "~/components/qa/QaPanel";
import Home from "~/routes/home";
import { qaHeaders, qaLoader, qaPanel } from "~/qa/qa.server";
import { qaMeta } from "~/qa/qa";

export const loader = (args: LoaderFunctionArgs) => qaLoader(args, (ctx) => ({ panel: qaPanel(ctx) }));
export const headers = qaHeaders;
export const meta = qaMeta("Simple test");

/** The smallest check: the server answers and the variant resolves. */
export default function SimpleTest() {
  const data = useLoaderData<typeof loader>();
  if (data.qaHidden) return <Home />;
  return <QaPage title="Simple test" purpose="The page renders and the variant resolves." panel={data.panel} />;
}
