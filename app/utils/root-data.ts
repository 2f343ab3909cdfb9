import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/root";
import { linkTo } from "./links";

/** The root loader's data: variant, site copy and public configuration, for any component. */
export function useRootData() {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("useRootData must be used below the root route");
  return data;
}

/** The link builder bound to the visitor's variant. */
export function useLinkTo() {
  const { variant } = useRootData();
  return (page: string, params?: Parameters<typeof linkTo>[2]) => linkTo(variant, page, params);
}
