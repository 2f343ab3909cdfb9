import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getPage } from "#content/index";
import { referralRules } from "#content/referrals";
import { adminHeaders, requireAdmin } from "~/admin/admin.server";
import { formatUtc } from "~/admin/columns";
import { consoleFrame } from "~/admin/console.server";
import { adminDocumentHeaders } from "~/admin/headers";
import { ADMIN_VARIANTS, adminScope, ALL_VARIANTS_PARAM, variantScope } from "~/admin/scope";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminShell } from "~/components/admin/AdminShell";
import type { WaveSummary } from "~/data/ports/wave-store";
import { getRequestContext, type RequestContext } from "~/utils/context.server";
import type { RouteHandle } from "~/utils/hydrate";
import { linkTo } from "~/utils/links";
import { addToast, takeToasts } from "~/utils/session.server";
import { contentKeyOf, variantKey, type Variant } from "~/utils/variant";
import { MAX_WAVE_SIZE, wavesOf } from "~/waves/waves.server";
import { AdminTable } from "~/components/admin/AdminTable";

/**
 * /admin/waves (docs/decisions/025-waves-and-invites.md): admit the next N parents of this variant's
 * line and send their invites, after seeing the cut-off (who would be in: the count and the last
 * place). The admit form carries the number of the wave it shows; one wave per number, so a double
 * click, a resubmitted POST or two admins make one wave. Per wave: invited, accepted, not yet
 * accepted, expired; an expired invite can be sent again. With "All variants" the figures of all
 * three, and admitting asks for a variant.
 */
export const headers = adminDocumentHeaders;
export const ErrorBoundary = AdminErrorBoundary;
export const handle: RouteHandle = { hydrate: true };

const INTENTS = ["admit", "renew"] as const;

type ExpiredInvite = { leadId: string; email: string | null; seq: number; place: number; expiresAt: string };
type VariantWaves = { key: string; label: string; href: string; waves: WaveSummary[]; expired: ExpiredInvite[] };

/** The page's own address in this scope, with extra query parameters. */
function pageHref(ctx: RequestContext, params: Record<string, string> = {}): string {
  return linkTo(
    ctx.variant,
    "admin/waves",
    adminScope(ctx.url, ctx.variant).kind === "all" ? { ...ALL_VARIANTS_PARAM, ...params } : params,
  );
}

/** A request context for another variant's table (the "All variants" figures read only). */
function contextOf(ctx: RequestContext, variant: Variant): RequestContext {
  const scope = variantScope(variant);
  return { ...ctx, variant, contentKey: scope.key, leadTable: scope.table };
}

/** A whole number in 1..MAX_WAVE_SIZE, or null. */
function parseSize(raw: unknown): number | null {
  if (typeof raw !== "string" || !/^\s*\d{1,4}\s*$/.test(raw)) return null;
  const size = Number(raw);
  return size >= 1 && size <= MAX_WAVE_SIZE ? size : null;
}

async function wavesOfVariant(ctx: RequestContext, variant: Variant, label: string): Promise<VariantWaves> {
  const vctx = contextOf(ctx, variant);
  const waves = wavesOf(vctx);
  const list = await waves.list();
  const expired: ExpiredInvite[] = [];
  for (const wave of list.filter((w) => w.expired > 0)) {
    const found = await waves.membersOf(wave.id);
    const now = Date.now();
    for (const member of found?.members ?? []) {
      if (member.accepted_at || new Date(member.invite_expires_at).getTime() > now) continue;
      expired.push({
        leadId: member.lead_id,
        email: member.email,
        seq: wave.seq,
        place: member.place,
        expiresAt: member.invite_expires_at,
      });
    }
  }
  return { key: variantKey(variant), label, href: linkTo(variant, "admin/waves"), waves: list, expired };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const access = await requireAdmin(request, ctx);
  const copy = getPage(ctx.contentKey, "admin");
  const scope = adminScope(ctx.url, ctx.variant);
  const sizeParam = ctx.url.searchParams.get("n");
  const asked = sizeParam === null ? null : parseSize(sizeParam);
  let variants: VariantWaves[];
  let next = null;
  try {
    const shown = scope.kind === "all" ? ADMIN_VARIANTS : [scope.variant];
    variants = await Promise.all(shown.map((v) => wavesOfVariant(ctx, v, copy.console.variants[contentKeyOf(v)])));
    if (scope.kind === "variant") {
      const wave = await wavesOf(ctx).next(asked ?? undefined);
      next = { seq: wave.seq, size: wave.size, count: wave.members.length, lastPlace: wave.lastPlace, spotsLeft: wave.spotsLeft };
    }
  } catch (error) {
    console.error("admin waves: reading the waves failed", error);
    throw data({ message: copy.messages.fetchFailed }, { status: 503, headers: await adminHeaders(access, ctx) });
  }
  const toasts = takeToasts(access.session);
  // The size field's GET form keeps ?domain=&sport= (a local or preview host) and ?variants=all.
  const keep = Object.fromEntries(new URL(pageHref(ctx), ctx.url.origin).searchParams);
  const badSize = sizeParam !== null && asked === null;
  const headers = await adminHeaders(access, ctx);
  return data(
    {
      copy,
      variants,
      next,
      badSize,
      all: scope.kind === "all",
      spots: referralRules.firstWaveSpots,
      toasts,
      here: pageHref(ctx),
      keep,
      frame: consoleFrame(access),
    },
    // A size that is no whole number from 1 to 1000: the page with the message, as a 400.
    { status: badSize ? 400 : 200, headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const access = await requireAdmin(request, ctx);
  const text = getPage(ctx.contentKey, "admin").waves;
  const refuse = async (status: number, error: string) => data({ error }, { status, headers: await adminHeaders(access, ctx) });
  const done = async (message: string) => {
    addToast(access.session, { type: "success", message });
    return redirect(pageHref(ctx), { status: 303, headers: await adminHeaders(access, ctx) });
  };
  const form = await request.formData();
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
      console.error("admin waves: the re-send failed", error);
      return refuse(503, text.failed);
    }
    if (renewed.outcome === "missing") return refuse(404, text.missing);
    // Already renewed by a parallel click, not expired yet, or accepted: nothing more is sent.
    if (renewed.outcome === "not-expired") return refuse(409, text.notExpired);
    return done(text.resent.replace("{email}", renewed.email ?? ""));
  }

  const size = parseSize(form.get("n"));
  const seqRaw = String(form.get("seq") ?? "");
  const seq = /^\d{1,6}$/.test(seqRaw) ? Number(seqRaw) : 0;
  if (size === null || seq < 1) return refuse(400, text.badSize);
  try {
    const outcome = await waves.admit(seq, size, access.user.email ?? "admin");
    if (outcome.kind === "stale") return refuse(409, text.stale);
    if (outcome.kind === "empty") return refuse(409, text.empty);
    if (outcome.kind === "already") return done(text.already.replace("{seq}", String(outcome.wave.seq)));
    return done(text.admitted.replace("{seq}", String(outcome.wave.seq)).replace("{count}", String(outcome.invited)));
  } catch (error) {
    console.error("admin waves: admitting failed", error);
    return refuse(503, text.failed);
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.copy.waves.metaTitle ?? "Waves" },
  { name: "robots", content: "noindex, nofollow" },
];

const BUTTON = "rounded-lg bg-brand px-4 py-2 font-semibold text-white shadow hover:bg-brand-strong disabled:opacity-60";
const SMALL_BUTTON = "rounded border border-slate-400 px-2 py-1 font-semibold hover:bg-slate-100 disabled:opacity-50";

export default function AdminWaves() {
  const { copy, variants, next, badSize, all, spots, toasts, here, keep, frame } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const text = copy.waves;
  return (
    <AdminShell
      nav={{ copy: copy.console, email: frame.email }}
      title={text.title}
      intro={text.intro}
      toasts={toasts}
      toastCopy={copy.toasts}
      dismissHref={here}
    >
      {failed && "error" in failed ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 px-4 py-2 text-red-900" data-testid="waves-error">
          {failed.error}
        </p>
      ) : null}
      <section aria-labelledby="admit" className="rounded-xl border border-slate-200 p-5">
        <h2 id="admit" className="text-lg font-bold text-slate-900">
          {text.admitTitle}
        </h2>
        {all || !next ? (
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
        ) : (
          <>
            <Form method="get" action={here.split("?")[0]} className="mt-3 flex flex-wrap items-end gap-3">
              {Object.entries(keep).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <label className="flex flex-col text-sm font-semibold text-slate-800">
                {text.sizeLabel}
                <input
                  type="number"
                  name="n"
                  min={1}
                  max={1000}
                  defaultValue={next.size > 0 ? next.size : 1}
                  className="mt-1 w-32 rounded border border-slate-400 px-2 py-1"
                  aria-describedby="size-hint"
                  aria-invalid={badSize || undefined}
                />
              </label>
              <button type="submit" className={SMALL_BUTTON}>
                {text.preview}
              </button>
            </Form>
            <p id="size-hint" className="mt-1 text-sm text-slate-700" data-testid="spots-left">
              {text.sizeHint.replace("{left}", String(next.spotsLeft)).replace("{spots}", String(spots))}
            </p>
            {badSize ? (
              <p role="alert" className="mt-2 text-red-900">
                {text.badSize}
              </p>
            ) : null}
            {next.count > 0 ? (
              <Form method="post" action={here} className="mt-4">
                <p className="text-slate-800" data-testid="cut-off" data-count={next.count} data-last-place={next.lastPlace ?? ""}>
                  {text.cutOff.replace("{count}", String(next.count)).replace("{last}", String(next.lastPlace))}
                </p>
                <input type="hidden" name="n" value={next.size} />
                <input type="hidden" name="seq" value={next.seq} />
                <button type="submit" name="intent" value="admit" disabled={busy} className={`${BUTTON} mt-3`}>
                  {text.admit.replace("{count}", String(next.count))}
                </button>
              </Form>
            ) : (
              <p className="mt-4 text-slate-700" data-testid="cut-off" data-count="0">
                {text.nobody}
              </p>
            )}
          </>
        )}
      </section>

      {variants.map((v) => (
        <section key={v.key} aria-labelledby={`waves-${v.key}`} className="mt-8" data-variant={v.key}>
          <h2 id={`waves-${v.key}`} className="text-lg font-bold text-slate-900">
            {all ? `${text.listTitle}: ${v.label}` : text.listTitle}
          </h2>
          {v.waves.length === 0 ? (
            <p className="mt-2 text-slate-700" data-testid="waves-none">
              {text.none}
            </p>
          ) : (
            <AdminTable columns={text.columns} caption={text.tableLabel} testId="waves" className="mt-2">
              {v.waves.map((wave) => (
                <tr key={wave.id} className="border-b border-slate-200" data-wave-seq={wave.seq}>
                  <th scope="row" className="px-3 py-2 font-semibold">
                    {text.waveName.replace("{seq}", String(wave.seq))}
                  </th>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={wave.created_at}>{formatUtc(wave.created_at)}</time>
                  </td>
                  <td className="px-3 py-2 break-all">{wave.created_by}</td>
                  <td className="px-3 py-2 tabular-nums">{wave.size_asked}</td>
                  <td className="px-3 py-2 tabular-nums" data-testid="wave-admitted">
                    {wave.admitted}
                  </td>
                  <td className="px-3 py-2 tabular-nums" data-testid="wave-last-place">
                    {wave.last_place ?? "—"}
                  </td>
                  <td className="px-3 py-2 tabular-nums" data-testid="wave-invited">
                    {wave.invited}
                  </td>
                  <td className="px-3 py-2 tabular-nums" data-testid="wave-accepted">
                    {wave.accepted}
                  </td>
                  <td className="px-3 py-2 tabular-nums" data-testid="wave-waiting">
                    {wave.admitted - wave.accepted}
                  </td>
                  <td className="px-3 py-2 tabular-nums" data-testid="wave-expired">
                    {wave.expired}
                  </td>
                </tr>
              ))}
            </AdminTable>
          )}
          {v.expired.length > 0 ? (
            <div className="mt-4">
              <h3 className="font-bold text-slate-900">{text.expiredTitle}</h3>
              <AdminTable columns={text.expiredColumns} caption={text.expiredTableLabel} testId="expired-invites" className="mt-2">
                {v.expired.map((invite) => (
                  <tr key={invite.leadId} className="border-b border-slate-200" data-recipient={invite.email ?? ""}>
                    <td className="px-3 py-2 break-all">{invite.email ?? "—"}</td>
                    <td className="px-3 py-2">{text.waveName.replace("{seq}", String(invite.seq))}</td>
                    <td className="px-3 py-2 tabular-nums">{invite.place}</td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      <time dateTime={invite.expiresAt}>{formatUtc(invite.expiresAt)}</time>
                    </td>
                    <td className="px-3 py-2">
                      {all ? (
                        <a href={v.href} className="font-semibold text-brand-strong underline">
                          {v.label}
                        </a>
                      ) : (
                        <Form method="post" action={here}>
                          <input type="hidden" name="lead" value={invite.leadId} />
                          <button type="submit" name="intent" value="renew" disabled={busy} className={SMALL_BUTTON}>
                            {text.resend}
                          </button>
                        </Form>
                      )}
                    </td>
                  </tr>
                ))}
              </AdminTable>
            </div>
          ) : null}
        </section>
      ))}
    </AdminShell>
  );
}
