import { z } from "zod";
import { countedSchema } from "./counted";
import { oneTapShareSchema } from "./share";

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
    /** A club whose name another club has: it waits for the admin's review. {clubName}. */
    sameName: text,
    approved: text,
    rejected: text,
    linkLabel: text,
    linkHint: text,
    pageLabel: text,
    invalid: z.object({ title: text, text: text }),
    /** Before the button is pressed: opening the link confirms nothing. {clubName}, {email}. */
    ask: z.object({ title: text, text: text, button: text }),
    /** The club link's Copy button and one-tap share links; '{link}' is the club link. */
    share: z.object({ copyButton: text, copied: text, oneTap: oneTapShareSchema }),
  }),
  page: z.object({
    families: countedSchema,
    milestone: text,
    milestoneReached: text,
    shareTitle: text,
    shareHint: text,
    join: text,
    leaderboardLink: text,
  }),
  /** The parent's status page, when they are a family of an approved club: {clubName}, {count}, {milestone}. */
  status: z.object({ title: text, rule: text, pageLink: text }),
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
  /** /admin/clubs: review, merge, milestone, funnel, CSV; and the waves page's club admission. */
  admin: z.object({
    title: text,
    intro: text,
    none: text,
    genius: text,
    csv: text,
    columns: z.object({
      club: text,
      city: text,
      status: text,
      contact: text,
      joined: text,
      families: text,
      unconfirmed: text,
      held: text,
      milestone: text,
      actions: text,
    }),
    statuses: z.object({ pending: text, approved: text, rejected: text, merged: text }),
    /** One club's families (?families=ID): who joined, when, and whether the club counts them. {club}, {shown}, {total}. */
    families: z.object({
      link: text,
      heading: text,
      columns: z.object({ email: text, joined: text, state: text }),
      states: z.object({ counted: text, unconfirmed: text, held: text }),
      none: text,
      more: text,
      back: text,
    }),
    /** A registration whose name another club has: {club}, {city}. */
    sameName: text,
    approveSeparate: text,
    contactConfirmed: text,
    contactWaiting: text,
    approve: text,
    reject: text,
    approved: text,
    rejected: text,
    milestoneLabel: text,
    milestoneSave: text,
    milestoneSaved: text,
    milestoneInvalid: text,
    reached: text,
    /** The one merge form under the list: the club that goes (mergeFrom) into the one that stays (mergeLabel). */
    mergeTitle: text,
    mergeFrom: text,
    mergeLabel: text,
    /** A same-name registration's own button: {club}, the club of that name. */
    mergeSameName: text,
    mergeButton: text,
    mergeInvalid: text,
    /** {from}, {into}, {count}. */
    confirmMerge: countedSchema,
    confirmReject: text,
    merged: text,
    confirm: text,
    cancel: text,
    unknownAction: text,
    /** The waves page: admit a club as a whole. */
    waves: z.object({
      title: text,
      intro: text,
      none: text,
      button: text,
      /** Beside each club: {count} is its confirmed families still waiting. */
      waiting: countedSchema,
      /** {club}, {count}. */
      confirm: countedSchema,
      confirmButton: text,
      admitted: text,
      nobody: text,
      reachedBadge: text,
    }),
  }),
  /** The line a club wave's invite adds: "{clubName} gets in together". */
  invite: z.object({ together: text }),
});

export type ClubsContent = z.infer<typeof clubsSchema>;
