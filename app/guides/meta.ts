import type { MetaDescriptor } from "@remix-run/cloudflare";

/** Title and description of a guide or tips page from its content. */
export function pageMeta(meta: { title: string; description: string } | undefined): MetaDescriptor[] {
  if (!meta) return [];
  return [{ title: meta.title }, { name: "description", content: meta.description }];
}
