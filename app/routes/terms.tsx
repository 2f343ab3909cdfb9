import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { getPage } from "#content/index";
import { LegalDocumentPage } from "~/components/legal/LegalDocumentPage";
import { legalVars } from "~/trust/legal.server";
import { getRequestContext } from "~/utils/context.server";
import { pageMeta } from "~/utils/seo";

// Static page: no `hydrate` handle, so no JavaScript bundle.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { contentKey, env } = getRequestContext(request, context);
  return { document: getPage(contentKey, "terms", legalVars(env)) };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, "terms", data?.document.meta);

export default function Terms() {
  const { document } = useLoaderData<typeof loader>();
  return <LegalDocumentPage document={document} />;
}
