import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { cardResponse } from "~/card/card.server";
import { getRequestContext } from "~/utils/context.server";

/** A parent's share card PNG (app/card/card.server.ts, docs/decisions/037-share-card.md). */
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  cardResponse(getRequestContext(request, context), params.code ?? "", params.file ?? "");
