import type { AdminContent } from "#content/schemas/admin";
import type { AdminScope } from "~/utils/admin-scope";
import { getBackend } from "~/data/backend.server";
import type { RequestContext } from "~/utils/context.server";
import { contentKeyOf } from "~/utils/variant";
import { audienceOf, campaignsProgress, ledgerOf, previewAnnouncement, scopeOfKey } from "./campaigns.server";
import { parseDraft, type DraftErrors } from "./draft";
import type { CampaignView, LedgerRow } from "./views";

function scopeLabel(copy: AdminContent, key: string): string {
  const scope = scopeOfKey(key);
  return scope.kind === "all" ? copy.console.allVariants : copy.console.variants[contentKeyOf(scope.variant)];
}

/**
 * What /admin/launch reads: the ledger with each campaign's progress, the campaign the page follows
 * (?campaign=), the audience (not while that campaign is sending) and, for ?intent=preview, the
 * announcement as its first recipient gets it. Throws when the database fails.
 */
export async function launchPageData(ctx: RequestContext, scope: AdminScope, params: URLSearchParams, copy: AdminContent) {
  let campaign: CampaignView | null = null;
  let preview: { subject: string; html: string; to: string | null } | null = null;
  let errors: DraftErrors = {};
  const id = params.get("campaign");
  const [campaigns, found] = await Promise.all([ledgerOf(ctx, scope), id && id.length <= 100 ? getBackend(ctx).campaigns.get(id) : null]);
  // Every row's progress and the followed campaign's in one read: the page refreshes every few seconds while one sends.
  const progress = await campaignsProgress(ctx, found ? [...campaigns, found] : campaigns);
  const ledger: LedgerRow[] = campaigns.map((c, i) => ({
    id: c.id,
    createdAt: c.created_at,
    by: c.created_by,
    scope: scopeLabel(copy, c.scope),
    date: c.early_access_date,
    message: c.message.length > 80 ? `${c.message.slice(0, 79)}…` : c.message,
    status: c.status,
    audience: c.audience,
    sent: progress[i].sent,
    done: progress[i].done,
  }));
  if (found) {
    campaign = {
      id: found.id,
      createdAt: found.created_at,
      sendAt: found.send_at,
      by: found.created_by,
      status: found.status,
      audience: found.audience,
      progress: progress[campaigns.length],
    };
  }
  // While a campaign is being sent the page refreshes every few seconds: the audience (a read of
  // every confirmed parent) is counted again once it is done, not on every refresh.
  const audience = campaign && !campaign.progress.done ? null : await audienceOf(ctx, scope);
  if (params.get("intent") === "preview") {
    const parsed = parseDraft(params, copy.launch.errors);
    if ("errors" in parsed) errors = parsed.errors;
    else {
      const first = audience ? audience.first : (await audienceOf(ctx, scope)).first;
      const rendered = await previewAnnouncement(ctx, ctx.url.origin, scope, first, parsed.draft);
      preview = { subject: rendered.subject, html: rendered.html, to: rendered.to };
    }
  }
  return { audience, ledger, campaign, preview, errors };
}
