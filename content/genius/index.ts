import { emails } from "./emails";
import { site } from "./site";
import type { PageContent } from "../schemas";

export const content = {
  site,
  emails,
} satisfies PageContent;
