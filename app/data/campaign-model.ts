/** The dedupe keys of a campaign's outbox rows (`campaign:{id}:{leadId}`), as a range the outbox's unique key index answers: `campaign:{id}:` up to `campaign:{id};`. */
export function campaignKeyRange(id: string): [string, string] {
  return [`campaign:${id}:`, `campaign:${id};`];
}

/** The outbox dedupe key of one recipient's mail of a campaign. */
export function campaignDedupeKey(campaignId: string, leadId: string): string {
  return `campaign:${campaignId}:${leadId}`;
}
