import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loader as rootLoader } from "~/root";
import type { seoMeta } from "~/utils/seo";

/** A loader's arguments for a URL as a Worker sees it (the Host header is the URL's host), with `vars` as env. */
export function loaderArgs(url: string, vars: Record<string, string>): LoaderFunctionArgs {
  return {
    request: new Request(url, { headers: { Host: new URL(url).host } }),
    params: {},
    context: { cloudflare: { env: { ...vars } } } as unknown as LoaderFunctionArgs["context"],
  };
}

export type RootPayload = Parameters<typeof seoMeta>[0]["root"];

/** What the root loader gives the meta functions for a URL. */
export async function rootPayload(url: string, vars: Record<string, string>): Promise<RootPayload> {
  const result = (await rootLoader(loaderArgs(url, vars))) as unknown as RootPayload | { data: RootPayload };
  return "data" in result ? result.data : result;
}
