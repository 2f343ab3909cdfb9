import type { MetaFunction } from "@remix-run/cloudflare";
import { landingMeta } from "~/landing/meta";

/** Meta for a QA page (noindex), or the landing page's meta while QA pages are switched off. */
export function qaMeta(title: string): MetaFunction {
  return (args) => {
    if ((args.data as { qaHidden?: boolean } | undefined)?.qaHidden !== false) {
      return landingMeta(args as unknown as Parameters<typeof landingMeta>[0]);
    }
    return [{ title: `QA: ${title}` }, { name: "robots", content: "noindex, nofollow" }];
  };
}
