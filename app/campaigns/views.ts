import type { Campaign } from "~/data/ports/campaign-store";
import type { CampaignProgress } from "./campaigns.server";

/** What /admin/launch shows of campaigns, shared by its loader and its components. */

export type LedgerRow = {
  id: string;
  createdAt: string;
  by: string;
  scope: string;
  date: string;
  message: string;
  status: Campaign["status"];
  audience: number;
  sent: number;
  done: boolean;
};

export type CampaignView = {
  id: string;
  createdAt: string;
  sendAt: string;
  by: string;
  status: Campaign["status"];
  audience: number;
  progress: CampaignProgress;
};

/** What the confirmation shows before anything is sent, and the fields its own form posts again. */
export type SendReview = {
  count: number;
  /** Of `count`, by standing: each reads their own in the mail. */
  standings: { waiting: number; admitted: number; accounts: number };
  /** The variant's name, or "All variants". */
  scope: string;
  all: boolean;
  /** The early-access date, written out. */
  date: string;
  /** The send time (UTC) of a scheduled announcement; null: now. */
  at: string | null;
  fields: Record<string, string>;
};

/** "{waiting} waiting, {admitted} admitted, {accounts} with an account", filled. */
export function standingsText(template: string, counts: { waiting: number; admitted: number; accounts: number }): string {
  return template
    .replace("{waiting}", formatCount(counts.waiting))
    .replace("{admitted}", formatCount(counts.admitted))
    .replace("{accounts}", formatCount(counts.accounts));
}

/** A count as the console writes it: "10,000". */
export const formatCount = (value: number) => value.toLocaleString("en-GB");
