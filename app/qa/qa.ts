import type { MetaFunction } from "@remix-run/cloudflare";
import { meta as homeMeta } from "~/routes/home";

/** Meta for a QA page (noindex), or the landing page's meta while QA pages are switched off. */
export function qaMeta(title: string): MetaFunction {
  return (args) => {
    if ((args.data as { qaHidden?: boolean } | undefined)?.qaHidden !== false) {
      return homeMeta(args as unknown as Parameters<typeof homeMeta>[0]);
    }
    return [{ title: `QA: ${title}` }, { name: "robots", content: "noindex, nofollow" }];
  };
}
