import { z } from "zod";
import { countedSchema } from "./counted";

const text = z.string().min(1);

/**
 * Milestone rewards (docs/decisions/035-rewards-and-revocation.md): the ladder on the parent's
 * status page, and the admin page /admin/rewards. Placeholders are named where they are used.
 */
export const rewardsSchema = z.object({
  status: z.object({
    title: text,
    /** `{count}` friends and the next step's `{title}`. */
    next: countedSchema,
    allUnlocked: text,
    /** The progress bar's label: `{credited}` of `{threshold}`. */
    progress: countedSchema,
    unlocked: text,
    /** `{threshold}` friends. */
    locked: countedSchema,
    download: text,
    revealCode: text,
    /** Before the code: "Your code:". */
    code: text,
    codeSoon: text,
    /** `{places}`. */
    places: countedSchema,
    perk: text,
    perkDone: text,
  }),
  /** The download link that no longer works (withdrawn, expired, or not this parent's). */
  downloadGone: z.object({ title: text, text }),
  admin: z.object({
    metaTitle: text,
    title: text,
    intro: text,
    kinds: z.object({ download: text, places: text, code: text, perk: text }),
    ladder: z.object({
      title: text,
      empty: text,
      threshold: text,
      kind: text,
      stepTitle: text,
      description: text,
      file: text,
      fileHint: text,
      places: text,
      enabled: text,
      save: text,
      add: text,
      addTitle: text,
      saved: text,
      added: text,
      disabled: text,
    }),
    codes: z.object({
      title: text,
      /** `{count}`. */
      remaining: countedSchema,
      /** `{count}`: the warning when the pool runs low. */
      low: countedSchema,
      upload: text,
      uploadHint: text,
      uploadButton: text,
      /** `{count}`. */
      uploaded: countedSchema,
    }),
    todo: z.object({
      title: text,
      empty: text,
      markDone: text,
      /** `{email}` and `{title}`: what marking done does, asked once. */
      confirm: z.string().includes("{email}"),
      confirmButton: text,
      cancel: text,
      done: text,
    }),
    ledger: z.object({
      title: text,
      empty: text,
      tableLabel: text,
      parent: text,
      reward: text,
      earned: text,
      state: text,
      code: text,
      delivered: text,
      undelivered: text,
      withdrawn: text,
      flagged: text,
      csv: text,
    }),
    errors: z.object({
      threshold: text,
      kind: text,
      title: text,
      description: text,
      file: text,
      places: text,
      codes: text,
      unknown: text,
      /** An active step with the same friends, kind and title is on the ladder already. */
      duplicate: text,
      failed: text,
    }),
  }),
});

export type RewardsContent = z.infer<typeof rewardsSchema>;
