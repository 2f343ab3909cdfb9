import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getPage } from "#content/index";
import type { AdminContent } from "#content/schemas/admin";
import { referralRules } from "#content/referrals";
import { adminHeaders, requireAdmin } from "~/admin/admin.server";
import { formatUtc } from "~/admin/columns";
import { consoleFrame } from "~/admin/console.server";
import { adminDocumentHeaders } from "~/admin/headers";
import { ADMIN_VARIANTS, adminScope, ALL_VARIANTS_PARAM } from "~/admin/scope";
import { Address } from "~/components/admin/Address";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminShell } from "~/components/admin/AdminShell";
import { ACTION_CELL, AdminTable } from "~/components/admin/AdminTable";
import { getRequestContext, type RequestContext } from "~/utils/context.server";
import type { RouteHandle } from "~/utils/hydrate";
import { linkTo } from "~/utils/links";
import { addToast, takeToasts } from "~/utils/session.server";
import { contentKeyOf, variantKey } from "~/utils/variant";
import { admitForm, parseWaveSize, variantWaves, type AdmitForm, type ShownParent, type WaveReview } from "~/waves/wave-admin.server";
import { wavesOf } from "~/waves/waves.server";

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

const INTENTS = ["admit", "renew"] as const;

/** The page's own address in this scope, with extra query parameters. */
function pageHref(ctx: RequestContext, params: Record<string, string> = {}): string {
  return linkTo(
    ctx.variant,
    "admin/waves",
    adminScope(ctx.url, ctx.variant).kind === "all" ? { ...ALL_VARIANTS_PARAM, ...params } : params,
  );
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const access = await requireAdmin(request, ctx);
  const copy = getPage(ctx.contentKey, "admin");
  const scope = adminScope(ctx.url, ctx.variant);
  const sizeParam = ctx.url.searchParams.get("n");
  const asked = sizeParam === null ? null : parseWaveSize(sizeParam);
  const badSize = sizeParam !== null && asked === null;
  let variants;
  let admit: AdmitForm | null = null;
  try {
    const shown = scope.kind === "all" ? ADMIN_VARIANTS : [scope.variant];
    variants = await Promise.all(
      shown.map(async (v) => ({
        key: variantKey(v),
        label: copy.console.variants[contentKeyOf(v)],
        href: linkTo(v, "admin/waves"),
        ...(await variantWaves(ctx, v)),
      })),
    );
    if (scope.kind === "variant") admit = await admitForm(ctx, asked, ctx.url.searchParams.has("edit"));
  } catch (error) {
    console.error("admin waves: reading the waves failed", error);
    throw data({ message: copy.messages.fetchFailed }, { status: 503, headers: await adminHeaders(access, ctx) });
  }
  const toasts = takeToasts(access.session);
  // The size field's GET form keeps ?domain=&sport= (a local or preview host) and ?variants=all.
  const keep = Object.fromEntries(new URL(pageHref(ctx), ctx.url.origin).searchParams);
  const headers = await adminHeaders(access, ctx);
  return data(
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

  const size = parseWaveSize(form.get("n"));
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
const SMALL_BUTTON = "rounded border border-slate-400 px-2 py-1 font-semibold whitespace-nowrap hover:bg-slate-100 disabled:opacity-50";

export default function AdminWaves() {
  const { copy, variants, admit, badSize, all, spots, toasts, here, reviewHref, changeHref, keep, frame } = useLoaderData<typeof loader>();
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
                <tr key={wave.id} className="border-b border-slate-200" data-wave-seq={wave.seq} data-wave-id={wave.id}>
                  <th scope="row" className="px-3 py-2 font-semibold whitespace-nowrap">
                    {text.waveName.replace("{seq}", String(wave.seq))}
                  </th>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={wave.created_at}>{formatUtc(wave.created_at)}</time>
                  </td>
                  <td className="px-3 py-2">
                    <Address value={wave.created_by} testId="wave-by" />
                  </td>
                  <td className="px-3 py-2 tabular-nums" data-testid="wave-asked">
                    {wave.size_asked}
                  </td>
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
              <AdminTable columns={text.expiredColumns} caption={text.expiredTableLabel} testId="expired-invites" className="mt-2" actions>
                {v.expired.map((invite) => (
                  <tr key={invite.leadId} className="border-b border-slate-200" data-recipient={invite.email ?? ""}>
                    <td className="px-3 py-2">{invite.email ? <Address value={invite.email} /> : "—"}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{text.waveName.replace("{seq}", String(invite.seq))}</td>
                    <td className="px-3 py-2 tabular-nums">{invite.place}</td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      <time dateTime={invite.expiresAt}>{formatUtc(invite.expiresAt)}</time>
                    </td>
                    <td className={`px-3 py-2 ${ACTION_CELL}`}>
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

type WavesText = AdminContent["waves"];

/**
 * How many to admit: the field holds the suggestion (the first-wave spots left) or the number being
 * changed, and says which. A GET: it only shows the cut-off. Keyed by the wave and the value, so a
 * field the admin typed in before the last wave shows the new suggestion after it (React would keep
 * the typed value of the same input).
 */
function SizeForm({
  text,
  admit,
  spots,
  badSize,
  action,
  keep,
}: {
  text: WavesText;
  admit: AdmitForm;
  spots: number;
  badSize: boolean;
  action: string;
  keep: Record<string, string>;
}) {
  const suggested = admit.spotsLeft > 0 && admit.value === admit.spotsLeft;
  return (
    <Form method="get" action={action} className="mt-3" key={`${admit.seq}:${admit.value ?? ""}`} data-testid="wave-size">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm font-semibold text-slate-800">
          {text.sizeLabel}
          <input
            type="number"
            name="n"
            min={1}
            max={1000}
            required
            defaultValue={admit.value ?? undefined}
            className="mt-1 w-32 rounded border border-slate-400 px-2 py-1"
            aria-describedby="size-hint"
            aria-invalid={badSize || undefined}
          />
        </label>
        <button type="submit" className={SMALL_BUTTON}>
          {text.preview}
        </button>
      </div>
      <p id="size-hint" className="mt-2 text-sm text-slate-700" data-testid={suggested ? "size-suggested" : "spots-left"}>
        {admit.spotsLeft === 0
          ? text.noneLeft.replace("{spots}", String(spots))
          : suggested
            ? text.suggested.replace("{left}", String(admit.spotsLeft))
            : text.sizeHint.replace("{left}", String(admit.spotsLeft)).replace("{spots}", String(spots))}
      </p>
      {badSize ? (
        <p role="alert" className="mt-2 text-red-900">
          {text.badSize}
        </p>
      ) : null}
    </Form>
  );
}

/** The confirmation: exactly the N asked for (count, places, first and last parents), one button, or back to the number. */
function Review({
  text,
  review,
  action,
  changeHref,
  busy,
}: {
  text: WavesText;
  review: WaveReview;
  action: string;
  changeHref: string;
  busy: boolean;
}) {
  const seq = String(review.seq);
  if (review.count === 0) {
    return (
      <div className="mt-3" data-testid="wave-review" data-seq={seq}>
        <p className="text-slate-700" data-testid="cut-off" data-count="0">
          {text.nobody}
        </p>
        <p className="mt-3">
          <a href={changeHref} className="font-semibold text-brand-strong underline">
            {text.change}
          </a>
        </p>
      </div>
    );
  }
  const cutOff =
    review.count === 1
      ? text.cutOffOne.replace("{seq}", seq).replace("{first}", String(review.firstPlace))
      : text.cutOff
          .replace("{seq}", seq)
          .replace("{count}", String(review.count))
          .replace("{first}", String(review.firstPlace))
          .replace("{last}", String(review.lastPlace));
  return (
    <div className="mt-3" data-testid="wave-review" data-seq={seq}>
      <h3 className="font-semibold text-slate-900">{text.reviewTitle.replace("{seq}", seq)}</h3>
      <p className="mt-1 text-slate-800" data-testid="cut-off" data-count={review.count} data-last-place={review.lastPlace ?? ""}>
        {cutOff}
      </p>
      {review.count < review.asked ? (
        <p className="mt-1 text-slate-700">
          {text.fewer.replace("{count}", String(review.count)).replace("{asked}", String(review.asked))}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-x-10 gap-y-3 text-sm">
        <ParentList title={review.tail.length ? text.reviewFirst : text.reviewAll} parents={review.head} item={text.reviewItem} />
        {review.tail.length ? <ParentList title={text.reviewLast} parents={review.tail} item={text.reviewItem} /> : null}
      </div>
      <p className="mt-3 text-sm text-slate-700">{text.reviewNote}</p>
      <Form method="post" action={action} className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
        {/* The count shown, never more: a line shorter than asked admits exactly who is listed. */}
        <input type="hidden" name="n" value={review.count} />
        <input type="hidden" name="seq" value={review.seq} />
        <button type="submit" name="intent" value="admit" disabled={busy} className={BUTTON}>
          {review.count === 1 ? text.admitOne : text.admit.replace("{count}", String(review.count))}
        </button>
        <a href={changeHref} className="font-semibold text-brand-strong underline">
          {text.change}
        </a>
      </Form>
    </div>
  );
}

function ParentList({ title, parents, item }: { title: string; parents: ShownParent[]; item: string }) {
  return (
    <div>
      <h4 className="font-semibold text-slate-900">{title}</h4>
      <ul className="mt-1 space-y-0.5 text-slate-800">
        {parents.map((parent) => (
          <li key={parent.place}>{item.replace("{place}", String(parent.place)).replace("{email}", parent.email)}</li>
        ))}
      </ul>
    </div>
  );
}
