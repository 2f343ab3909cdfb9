import { signingSecret } from "~/platform/crypto.server";
import { STAMP_NAME, issueStamp } from "~/platform/bot-guard.server";

/**
 * The bot-guard field a person's form carries: a stamp the server signed a minute ago (past any
 * minimum fill time). Tests that post forms add it, as the page would (docs/decisions/011-bot-guard.md).
 */
export async function personStamp(sessionSecret?: string): Promise<[string, string]> {
  return [STAMP_NAME, await issueStamp(signingSecret(sessionSecret, true), Date.now() - 60_000)];
}
