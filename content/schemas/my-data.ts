import { z } from "zod";

const text = z.string().min(1);

/**
 * /my-data: what we hold about the parent, its download and its erasure, from
 * the signed "Manage my data" link in every e-mail and on the status page.
 */
export const myDataSchema = z.object({
  metaTitle: text,
  title: text,
  /** '{email}' is filled. */
  intro: z.string().includes("{email}"),
  heldTitle: text,
  variantsLabel: text,
  /** '{credited}' and '{pending}' are filled. */
  referralsValue: z.string().includes("{credited}").includes("{pending}"),
  referralsLabel: text,
  referredLabel: text,
  mailsLabel: text,
  accountLabel: text,
  yes: text,
  no: text,
  /** Plain words on what the download holds and what we do not keep. */
  details: z.array(text).min(1),
  downloadTitle: text,
  downloadText: text,
  downloadButton: text,
  eraseTitle: text,
  eraseText: text,
  eraseButton: text,
  confirmTitle: text,
  confirmText: text,
  /** What an erasure deletes and what it keeps, one line each. */
  confirmList: z.array(text).min(1),
  confirmButton: text,
  cancel: text,
  doneTitle: text,
  doneText: text,
  goneTitle: text,
  goneText: text,
  invalidTitle: text,
  invalidText: text,
  expiredTitle: text,
  expiredText: text,
  unavailableTitle: text,
  unavailableText: text,
  home: text,
  /** The link on the status page. */
  statusLink: text,
  statusLinkText: text,
  /** The admin's page of one lead: the same export and erasure for a parent who wrote in. */
  admin: z.object({
    rowLink: text,
    title: text,
    intro: text,
    exportTitle: text,
    exportText: text,
    exportButton: text,
    eraseTitle: text,
    /** '{email}' is filled. */
    eraseText: z.string().includes("{email}"),
    eraseButton: text,
    cancel: text,
    erased: text,
    nothingHeld: text,
    noAddress: text,
    failed: text,
  }),
});
