import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { referralRules } from "#content/referrals";
import { adminRoute } from "~/admin/admin-route.server";
import { auditChange } from "~/admin/audit.server";
import { adminDocumentHeaders } from "~/admin/headers";
import { adminScope, ALL_VARIANTS_PARAM } from "~/utils/admin-scope";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import type { RequestContext } from "~/utils/context.server";
import type { RouteHandle } from "~/utils/hydrate";
import { linkTo } from "~/utils/links";
import { clubWavesData, parseWaveSeq, parseWaveSize, wavesPageData } from "~/waves/wave-admin.server";
import { ClubWaves } from "~/components/admin/waves/ClubWaves";
import { getPage } from "#content/index";
import { getBackend } from "~/data/backend.server";
import { wavesOf } from "~/waves/waves.server";
import { Review } from "~/components/admin/waves/Review";
import { SizeForm } from "~/components/admin/waves/SizeForm";
import { VariantWaveList } from "~/components/admin/waves/VariantWaveList";
import { log } from "~/platform/log.server";
import { counted } from "#content/plural";

/**
 * /admin/waves (docs/decisions/025-waves-and-invites.md, 028-admin-confirmations.md): admit the next
 * N parents of this variant's line and send their invites. The size field suggests the first-wave
 * spots left; "Show the cut-off" (a GET of ?n=) answers the review of exactly N: the wave's number,
 * the count, the first and last place and the first and last parents (masked), and the one button
 * that admits them. The admit form carries the number of the wave it shows; one wave per number, so
 * a double click, a resubmitted POST or two admins make one wave. Per wave: invited, accepted, not
 * yet accepted, expired; an expired invite can be sent again. With "All variants" the figures of all
 * three, and admitting asks for a variant.
 */
export const headers = adminDocumentHeaders;
export const ErrorBoundary = AdminErrorBoundary;
export const handle: RouteHandle = { hydrate: true };

const INTENTS = ["admit", "renew", "club"] as const;

/** The page's own address in this scope, with extra query parameters. */
function pageHref(ctx: RequestContext, params: Record<string, string> = {}): string {
  return linkTo(
    ctx.variant,
    "admin/waves",
    adminScope(ctx.url, ctx.variant).kind === "all" ? { ...ALL_VARIANTS_PARAM, ...params } : params,
  );
}

export async function loader(args: LoaderFunctionArgs) {
  const admin = await adminRoute(args);
  const { ctx, copy } = admin;
  const scope = adminScope(ctx.url, ctx.variant);
  const sizeParam = ctx.url.searchParams.get("n");
  const asked = sizeParam === null ? null : parseWaveSize(sizeParam);
  const badSize = sizeParam !== null && asked === null;
  const { variants, admit } = await admin.read("waves", () =>
    wavesPageData(ctx, scope, copy.console.variants, asked, ctx.url.searchParams.has("edit")),
  );
  // A club admitted as a whole (ADR 039): per variant, the sport editions only.
  const clubs =
    scope.kind === "all"
      ? null
      : await admin.read("club-waves", () =>
          clubWavesData(ctx, ctx.url.searchParams.get("club"), (id) => pageHref(ctx, { club: id }) + "#club-waves"),
        );
  const toasts = admin.takeToasts();
  // The size field's GET form keeps ?domain=&sport= (a local or preview host) and ?variants=all.
  const keep = Object.fromEntries(new URL(pageHref(ctx), ctx.url.origin).searchParams);
  return admin.respond(
    {
      copy,
      variants,
      admit,
      badSize,
      all: scope.kind === "all",
      spots: referralRules.firstWaveSpots,
      toasts,
      here: pageHref(ctx),
      reviewHref: asked === null ? null : pageHref(ctx, { n: String(asked) }),
      changeHref: asked === null ? null : pageHref(ctx, { n: String(asked), edit: "1" }),
      keep,
      clubs,
      clubText: getPage(ctx.contentKey, "clubs").admin.waves,
    },
    // A size that is no whole number from 1 to 1000: the page with the message, as a 400.
    { status: badSize ? 400 : 200 },
  );
}

export async function action(args: ActionFunctionArgs) {
  const admin = await adminRoute(args);
  const { ctx, access } = admin;
  const text = admin.copy.waves;
  const refuse = (status: number, error: string) => admin.respond({ error }, { status });
  const done = (message: string) => {
    admin.toast(message);
    return admin.redirect(pageHref(ctx), 303);
  };
  const form = await args.request.formData();
  const intent = form.get("intent");
  if (!(INTENTS as readonly unknown[]).includes(intent)) return refuse(400, text.unknownAction);
  // Admitting is per variant: "All variants" shows the figures only.
  if (adminScope(ctx.url, ctx.variant).kind === "all") return refuse(400, text.pickVariant);
  const waves = wavesOf(ctx);

  if (intent === "renew") {
    const leadId = String(form.get("lead") ?? "").trim();
    if (!leadId || leadId.length > 100) return refuse(400, text.unknownAction);
    let renewed;
    try {
      renewed = await waves.renew(leadId);
    } catch (error) {
      log.error("admin.action_failed", { action: "invite-renew" }, error);
      return refuse(503, text.failed);
    }
    if (renewed.outcome === "missing") return refuse(404, text.missing);
    // Already renewed by a parallel click, not expired yet, or accepted: nothing more is sent.
    if (renewed.outcome === "not-expired") return refuse(409, text.notExpired);
    await auditChange(admin, "waves.renew-invite", leadId);
    return done(text.resent.replace("{email}", renewed.email ?? ""));
  }

  if (intent === "club") {
    const seq = parseWaveSeq(form.get("seq"));
    const clubId = String(form.get("club") ?? "");
    const club = /^[0-9a-f-]{36}$/i.test(clubId) ? await getBackend(ctx).clubs.get(clubId) : null;
    if (seq === null || !club || club.lead_table !== ctx.leadTable || club.status !== "approved") return refuse(400, text.unknownAction);
    const clubText = getPage(ctx.contentKey, "clubs").admin.waves;
    try {
      const outcome = await waves.admitClub(seq, club, access.user.email ?? "admin");
      if (outcome.kind === "stale") return refuse(409, text.stale);
      if (outcome.kind === "empty") return refuse(409, clubText.nobody);
      if (outcome.kind === "already") return done(text.already.replace("{seq}", String(outcome.wave.seq)));
      log.info("wave.club_admitted", { club: club.id, seq: outcome.wave.seq, invited: outcome.invited });
      await auditChange(admin, "waves.admit-club", club.id, `${outcome.wave.seq}: ${outcome.invited}`);
      return done(clubText.admitted);
    } catch (error) {
      log.error("admin.action_failed", { action: "club-wave-admit" }, error);
      return refuse(503, text.failed);
    }
  }

  const size = parseWaveSize(form.get("n"));
  const seq = parseWaveSeq(form.get("seq"));
  if (size === null || seq === null) return refuse(400, text.badSize);
  try {
    const outcome = await waves.admit(seq, size, access.user.email ?? "admin");
    if (outcome.kind === "stale") return refuse(409, text.stale);
    if (outcome.kind === "empty") return refuse(409, text.empty);
    if (outcome.kind === "already") return done(text.already.replace("{seq}", String(outcome.wave.seq)));
    await auditChange(admin, "waves.admit", outcome.wave.id, `${outcome.wave.seq}: ${outcome.invited}`);
    return done(counted(text.admitted, outcome.invited, { seq: outcome.wave.seq }));
  } catch (error) {
    log.error("admin.action_failed", { action: "wave-admit" }, error);
    return refuse(503, text.failed);
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.copy.waves.metaTitle ?? "Waves" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminWaves() {
  const { copy, variants, admit, badSize, all, spots, toasts, here, reviewHref, changeHref, keep, clubs, clubText } =
    useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const text = copy.waves;
  return (
    <AdminPage title={text.title} intro={text.intro} toasts={toasts} toastCopy={copy.toasts} dismissHref={here}>
      {failed && "error" in failed ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 px-4 py-2 text-red-900" data-testid="waves-error">
          {failed.error}
        </p>
      ) : null}
      <section aria-labelledby="admit" className="rounded-xl border border-slate-200 p-5">
        <h2 id="admit" className="text-lg font-bold text-slate-900">
          {text.admitTitle}
        </h2>
        {all || !admit ? (
          <div data-testid="pick-variant">
            <p className="mt-2 text-slate-700">{text.pickVariant}</p>
            <ul className="mt-2 flex flex-wrap gap-3">
              {variants.map((v) => (
                <li key={v.key}>
                  <a href={v.href} className="font-semibold text-brand-strong underline">
                    {v.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : admit.review ? (
          <Review text={text} review={admit.review} action={reviewHref ?? here} changeHref={changeHref ?? here} busy={busy} />
        ) : (
          <SizeForm text={text} admit={admit} spots={spots} badSize={badSize} action={here.split("?")[0]} keep={keep} />
        )}
      </section>

      {clubs ? <ClubWaves text={clubText} rows={clubs.rows} review={clubs.review} action={here} busy={busy} /> : null}

      {variants.map((v) => (
        <VariantWaveList key={v.key} text={text} list={v} all={all} here={here} busy={busy} />
      ))}
    </AdminPage>
  );
}
