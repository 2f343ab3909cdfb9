// The masked addresses of the wave review (/admin/waves); no imports, so the end-to-end tests mask the same way.

/** An address shortened for the review: its first letters, `end` letters of its end and its domain ("an***@example.com"). */
export function maskEmail(email: string, end = 0): string {
  const at = email.lastIndexOf("@");
  const local = at > 0 ? email.slice(0, at) : email;
  const keep = Math.max(1, Math.min(2, local.length - 1));
  const shownEnd = Math.min(end, local.length - keep);
  return `${local.slice(0, keep)}***${shownEnd > 0 ? local.slice(-shownEnd) : ""}${at > 0 ? email.slice(at) : ""}`;
}

/**
 * The review's addresses masked so that no two read alike: where masks match (hockey1@ and
 * hockey2@ both "ho***@"), those show one more letter of their end, until they differ.
 */
export function maskEmails(emails: readonly string[]): string[] {
  const ends = emails.map(() => 0);
  for (;;) {
    const masked = emails.map((email, i) => maskEmail(email, ends[i]));
    const seen = new Map<string, number>();
    for (const mask of masked) seen.set(mask, (seen.get(mask) ?? 0) + 1);
    let longer = false;
    emails.forEach((email, i) => {
      // An address shown whole cannot show more: the same address twice stays alike.
      if ((seen.get(masked[i]) ?? 0) > 1 && maskEmail(email, ends[i] + 1) !== masked[i]) {
        ends[i] += 1;
        longer = true;
      }
    });
    if (!longer) return masked;
  }
}
