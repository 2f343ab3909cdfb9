import { z } from "zod";

const text = z.string().min(1);

/**
 * Club pools of the sport editions (docs/decisions/039-clubs.md): the coach's registration form and
 * its confirmation, the public club page and leaderboard, and the funnel's "Your club" choice.
 * Genius holds the base copy (genius holds every page) but has no club pages.
 * Placeholders filled when shown: {clubName}, {city}, {count}, {milestone}.
 */
export const clubsSchema = z.object({
  register: z.object({
    metaTitle: text,
    title: text,
    intro: text,
    nameLabel: text,
    cityLabel: text,
    emailLabel: text,
    emailPlaceholder: text,
    button: text,
    busy: text,
    note: text,
    errors: z.object({
      nameMissing: text,
      nameTooLong: text,
      cityMissing: text,
      cityTooLong: text,
      missing: text,
      invalidEmail: text,
      emailTooLong: text,
      saveFailed: text,
    }),
    sent: z.object({ title: text, text: text, hint: text }),
  }),
  confirmed: z.object({
    metaTitle: text,
    title: text,
    pending: text,
    approved: text,
    rejected: text,
    linkLabel: text,
    linkHint: text,
    pageLabel: text,
    invalid: z.object({ title: text, text: text }),
  }),
  page: z.object({
    families: text,
    milestone: text,
    milestoneReached: text,
    shareTitle: text,
    shareHint: text,
    join: text,
    leaderboardLink: text,
  }),
  leaderboard: z.object({
    metaTitle: text,
    title: text,
    intro: text,
    empty: text,
    columns: z.object({ rank: text, club: text, city: text, families: text }),
    register: text,
  }),
  /** The funnel's e-mail step: an optional <select> of the sport's approved clubs. */
  field: z.object({ label: text, none: text, hint: text }),
  /** The line a club wave's invite adds: "{clubName} gets in together". */
  invite: z.object({ together: text }),
});

export type ClubsContent = z.infer<typeof clubsSchema>;
