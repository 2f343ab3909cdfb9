import { data, redirect } from "@remix-run/cloudflare";
import { getPage } from "#content/index";
import { getBackend } from "~/data/backend.server";
import type { Lead } from "~/data/ports/lead-store";
import type { RewardKind } from "~/data/ports/reward-store";
import { checkLeadLink, rewardDownloadLinkFor } from "~/platform/lead-links.server";
import { log } from "~/platform/log.server";
import type { RequestContext } from "~/utils/context.server";
import { linkTo } from "~/utils/links";
import { isActive } from "./rewards.server";

/**
 * The ladder on the parent's status page (ADR 035), the "Show my code" button, and the download
 * of a download reward. A GET changes nothing but a download's delivery (the file was served).
 */

type LadderStep = {
  id: string;
  threshold: number;
  kind: RewardKind;
  title: string;
  description: string;
  unlocked: boolean;
  /** The ledger row, when unlocked. */
  earnedId: string | null;
  /** download: a fresh signed link. */
  downloadHref: string | null;
  /** code: shown once revealed (delivered); `codeHidden` until the parent presses "Show my code". */
  code: string | null;
  codeHidden: boolean;
  places: number | null;
  perkDone: boolean;
};

export type Ladder = {
  copy: ReturnType<typeof getPage<"rewards">>["status"];
  credited: number;
  steps: LadderStep[];
  /** The next locked step: friends still needed and its title; null when every step is unlocked. */
  next: { count: number; title: string; threshold: number } | null;
};

/**
 * The parent's ladder, or null when the variant has none (or it cannot be read: the page still works).
 * `canMoveUp`: false once the parent is past the line, where places no longer change.
 */
export async function ladderOf(ctx: RequestContext, lead: Lead, credited: number, canMoveUp: boolean): Promise<Ladder | null> {
  try {
    const store = getBackend(ctx).rewards;
    const [steps, earned] = await Promise.all([store.steps(ctx.leadTable), store.earnedBy(ctx.leadTable, lead.id)]);
    const held = new Map(earned.filter(isActive).map((row) => [row.step_id, row]));
    // Disabled steps are not offered, but a reward earned under one stays the parent's.
    // Past the line a step that moves places means nothing: not offered (one already earned stays shown).
    const shown = steps.filter((step) => (step.enabled || held.has(step.id)) && (canMoveUp || step.kind !== "places" || held.has(step.id)));
    if (shown.length === 0) return null;
    const view = await Promise.all(
      shown.map(async (step): Promise<LadderStep> => {
        const row = held.get(step.id) ?? null;
        return {
          id: step.id,
          threshold: step.threshold,
          kind: step.kind,
          title: step.title,
          description: step.description,
          unlocked: row !== null,
          earnedId: row?.id ?? null,
          downloadHref: row && step.kind === "download" ? await rewardDownloadLinkFor(ctx, ctx.leadTable, row.id) : null,
          code: row?.delivered_at ? row.code : null,
          codeHidden: Boolean(row && step.kind === "code" && row.code && !row.delivered_at),
          places: step.kind === "places" ? step.places : null,
          perkDone: Boolean(row && step.kind === "perk" && row.delivered_at),
        };
      }),
    );
    const locked = view.find((step) => !step.unlocked && step.threshold > credited);
    return {
      copy: getPage(ctx.contentKey, "rewards").status,
      credited,
      steps: view,
      next: locked ? { count: locked.threshold - credited, title: locked.title, threshold: locked.threshold } : null,
    };
  } catch (error) {
    log.error("reward.read_failed", { page: "status", leadId: lead.id }, error);
    return null;
  }
}

/** "Show my code" (a POST of the status page): the code is delivered when the parent asks for it. Redirects back. */
export async function revealCodeAction(ctx: RequestContext, lead: Lead, earnedId: string, token: string) {
  const store = getBackend(ctx).rewards;
  const reward = await store.get(ctx.leadTable, earnedId);
  if (!reward || reward.lead_id !== lead.id || reward.kind !== "code" || !isActive(reward) || !reward.code) {
    return data({ ok: false }, { status: 400 });
  }
  await store.markDelivered(ctx.leadTable, reward.id, new Date().toISOString());
  throw redirect(`${linkTo(ctx.variant, "status", { t: token })}#rewards`, { status: 303 });
}

/**
 * GET /rewards/download?t=…: the file of an active download reward, from the static assets, as an
 * attachment. The first download marks the reward delivered (ADR 035). A bad, expired or withdrawn
 * link answers a page that says so (410/400).
 */
export async function rewardDownload(ctx: RequestContext, request: Request): Promise<Response> {
  const token = new URL(request.url).searchParams.get("t");
  const link = await checkLeadLink(ctx.env, ctx.isLocal, token, "reward");
  const copy = getPage(ctx.contentKey, "rewards").downloadGone;
  const gone = (status: number) =>
    new Response(`${copy.title}\n\n${copy.text}\n`, {
      status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  if (!link.ok || link.table !== ctx.leadTable) return gone(link.ok ? 400 : link.reason === "expired" ? 410 : 400);
  const store = getBackend(ctx).rewards;
  const reward = await store.get(ctx.leadTable, link.leadId);
  const step = reward ? (await store.steps(ctx.leadTable)).find((row) => row.id === reward.step_id) : null;
  if (!reward || !isActive(reward) || step?.kind !== "download" || !step.file || !isDownloadPath(step.file)) return gone(410);
  const assets = (ctx.bindings as { ASSETS?: Fetcher }).ASSETS;
  // The assets binding ignores the host; without it (Vite dev) the file is on this origin.
  const file = assets ? await assets.fetch(`https://assets.local${step.file}`) : await fetch(new URL(step.file, request.url));
  if (!file.ok || !file.body) {
    log.error("reward.download_failed", { stepId: step.id, status: file.status });
    return gone(503);
  }
  await store.markDelivered(ctx.leadTable, reward.id, new Date().toISOString());
  return new Response(file.body, {
    headers: {
      "Content-Type": file.headers.get("Content-Type") ?? "application/pdf",
      "Content-Disposition": `attachment; filename="${step.file.split("/").pop()}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** The files a download reward may serve: PDFs under /downloads/ (the admin form checks the same). */
export const isDownloadPath = (path: string) => /^\/downloads\/[\w.-]+\.pdf$/.test(path) && !path.includes("..");
