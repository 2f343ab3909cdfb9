import { z } from "zod";

/** Words for assistive technology that every page may need; the sport editions use the genius ones. */
export const a11ySchema = z.object({
  /** Read after a link's own label when the link opens a new tab. */
  opensInNewTab: z.string().min(1),
});

export type A11yContent = z.infer<typeof a11ySchema>;
