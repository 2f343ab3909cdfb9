import { z } from "zod";

/** A text with a count: its plural forms, chosen by Intl.PluralRules (content/plural.ts); `{count}` is filled. */
export const countedSchema = z.object({ one: z.string().min(1), other: z.string().includes("{count}") });
