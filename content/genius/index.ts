import { site } from "./site";
import type { PageContent } from "../schemas";

export const content = {
  site,
} satisfies PageContent;
