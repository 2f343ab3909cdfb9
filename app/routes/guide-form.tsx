import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LeadMagnetFormPage } from "~/components/guides/LeadMagnetFormPage";
import { formAction, formLoader } from "~/leads/lead-magnet.server";
import { pageMeta } from "~/utils/seo";
import type { RouteHandle } from "~/utils/hydrate";

/** /guide-form: e-mail, age band and goals for the free guide (SPEC 2.12, 4.3, 5). */
export const handle: RouteHandle = { hydrate: true };

export const loader = (args: LoaderFunctionArgs) => formLoader(args, "guide");
export const action = (args: ActionFunctionArgs) => formAction(args, "guide");

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, "guide form", data && { fullTitle: data.copy.meta.title, description: data.copy.meta.description });

export default function GuideForm() {
  const { copy, ageBands, goals } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <LeadMagnetFormPage copy={copy} ageBands={ageBands} goals={goals} result={result} />;
}
