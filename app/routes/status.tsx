import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { counted } from "#content/plural";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { PartyPopper, ShieldCheck, Trophy, Users, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { FLAG_INTENTS, ReferralShare, type FlagIntent } from "~/components/share/ReferralShare";
import { inviteResendAction, rewardCodeAction, statusAction, statusPage } from "~/referrals/pages.server";
import { ParentClub } from "~/components/clubs/ParentClub";
import { RewardLadder } from "~/components/rewards/RewardLadder";
import { ShareCardPreview } from "~/components/share/ShareCardPreview";
import { getRequestContext } from "~/utils/context.server";
import type { RouteHandle } from "~/utils/hydrate";
import { useLinkTo } from "~/utils/root-data";
import { pageMeta } from "~/utils/seo";
import { canMoveUp, heldText, standingName, type Invite, type Spots, type Standing } from "~/standing/standing";

/** /status?t=…: the parent's place in line, referrals and share link, from a signed link (no sign-in). */
export const handle: RouteHandle = { hydrate: true };

export const loader = ({ request, context }: LoaderFunctionArgs) => statusPage(getRequestContext(request, context), new URL(request.url));

/** The copy buttons report a copy; it is recorded on the link's lead. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const ctx = getRequestContext(request, context);
  // "Show my code" of a code reward (ADR 035).
  if (intent === "reveal-code") return rewardCodeAction(ctx, new URL(request.url), String(form.get("reward") ?? ""));
  // An admitted parent's "send my invite again" (docs/decisions/025-waves-and-invites.md).
  if (intent === "resend-invite") return inviteResendAction(ctx, request, new URL(request.url));
  return statusAction(ctx, new URL(request.url), FLAG_INTENTS.includes(intent as FlagIntent) ? (intent as FlagIntent) : null);
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, "status", { fullTitle: data?.copy.metaTitle }, [{ name: "robots", content: "noindex" }]);

type StatusCopy = ReturnType<typeof useLoaderData<typeof loader>>["copy"];
/** A day as the page writes it, the same on the server and in the browser: "26 November 2026". */
const day = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** The standing's card at the top of the page: its icon, its heading, and what the standing says. */
function StandingCard({
  id,
  testId,
  icon: Icon,
  heading,
  headingClass,
  children,
}: {
  id: string;
  testId?: string;
  icon: LucideIcon;
  heading: string;
  headingClass: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-8 rounded-xl border-2 border-brand bg-brand-soft p-6 text-center" data-testid={testId}>
      <Icon aria-hidden="true" className="mx-auto h-10 w-10 text-brand-strong" />
      <h2 id={id} className={`mt-2 ${headingClass}`}>
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** An admitted parent: "You're in", the invite's date, and "send my invite again" while it is open. */
function YoureIn({ copy, invite, notice }: { copy: StatusCopy; invite: Invite; notice: "sent" | "wait" | null }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "resend-invite";
  return (
    <StandingCard
      id="youre-in"
      testId="youre-in"
      icon={PartyPopper}
      heading={copy.youreIn}
      headingClass="text-3xl font-extrabold text-slate-900"
    >
      <p className="mt-2 text-slate-800" data-testid="invite-date">
        {invite.state === "accepted" && invite.acceptedAt
          ? copy.acceptedOn.replace("{date}", day(invite.acceptedAt))
          : invite.state === "expired"
            ? copy.inviteExpired.replace("{date}", day(invite.expiresAt))
            : copy.invitedOn.replace("{date}", day(invite.invitedAt))}
      </p>
      {notice ? (
        <p role="status" className="mt-4 rounded-lg bg-white px-4 py-3 text-slate-800" data-testid="invite-notice">
          {notice === "sent" ? copy.inviteResent : copy.inviteResendWait}
        </p>
      ) : null}
      {invite.state === "open" ? (
        <Form method="post" className="mt-4">
          <button
            type="submit"
            name="intent"
            value="resend-invite"
            disabled={busy}
            className="rounded-lg bg-brand px-5 py-2 font-semibold text-white shadow hover:bg-brand-strong disabled:opacity-60"
          >
            {copy.resendInvite}
          </button>
        </Form>
      ) : null}
    </StandingCard>
  );
}

/** A parent with an account: they sign in, nothing more to wait for. */
function HasAccount({ copy, href }: { copy: StatusCopy; href: string }) {
  return (
    <StandingCard
      id="account"
      testId="has-account"
      icon={PartyPopper}
      heading={copy.account.title}
      headingClass="text-2xl font-extrabold text-slate-900"
    >
      <p className="mt-2 text-slate-800">{copy.account.text}</p>
      <a href={href} className="mt-4 inline-block rounded-lg bg-brand px-5 py-2 font-semibold text-white shadow hover:bg-brand-strong">
        {copy.account.button}
      </a>
    </StandingCard>
  );
}

/** Before admission: the place in line (or the step that gets one), the spots left, those admitted so far. */
function InLine({ copy, standing, spots }: { copy: StatusCopy; standing: Standing; spots: Spots }) {
  const fill = (text: string) => text.replace("{left}", String(spots.left)).replace("{spots}", String(spots.capacity));
  return (
    <StandingCard id="place" icon={Trophy} heading={copy.placeLabel} headingClass="text-lg font-semibold text-slate-800">
      {standing.kind === "waiting" ? (
        <p className="mt-1 text-5xl font-extrabold text-slate-900" data-testid="place" data-place={standing.place}>
          {copy.place.replace("{place}", String(standing.place))}
        </p>
      ) : (
        <p className="mt-2 text-lg text-slate-800" data-testid="place" data-place="">
          {copy.unconfirmed}
        </p>
      )}
      <p className="mt-3 text-slate-700" data-testid="first-wave" data-left={spots.left}>
        {spots.left > 0 ? fill(copy.firstWaveLeft) : fill(copy.firstWaveFull)}
      </p>
      {standing.kind === "waiting" ? (
        <p className="mt-2 text-slate-700" data-testid="ahead-behind" data-ahead={standing.ahead} data-behind={standing.behind}>
          {copy.aheadBehind
            .replace("{ahead}", counted(copy.ahead, standing.ahead))
            .replace("{behind}", counted(copy.behind, standing.behind))}
        </p>
      ) : null}
      {standing.kind === "waiting" && standing.admittedAhead > 0 ? (
        <p className="mt-2 text-slate-700" data-testid="admitted-ahead" data-count={standing.admittedAhead}>
          {counted(copy.admittedAhead, standing.admittedAhead)}
        </p>
      ) : null}
    </StandingCard>
  );
}

export default function Status() {
  const { copy, share, view } = useLoaderData<typeof loader>();
  const linkTo = useLinkTo();
  if (view.state !== "valid") {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-3xl font-extrabold text-slate-900">{copy.invalidTitle}</h1>
        <p className="mt-4 text-lg text-slate-700">{copy.invalidText}</p>
        {"lostLink" in view && view.lostLink ? (
          <a href={view.lostLink.href} className="mt-6 inline-block font-semibold text-brand-strong underline" data-testid="lost-link">
            {view.lostLink.label}
          </a>
        ) : null}
      </section>
    );
  }
  const { standing, spots, referrals, step, refLink, manage, inviteNotice, confirmedNotice, signInHref, rewards, shareCard, club } = view;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12" data-testid="standing" data-standing={standingName(standing)}>
      <h1 className="text-center text-3xl font-extrabold text-slate-900 sm:text-4xl">
        {standing.kind === "account" ? copy.titleAccount : copy.title}
      </h1>
      {confirmedNotice ? (
        <p role="status" className="mt-6 rounded-lg bg-emerald-50 px-4 py-3 text-center text-emerald-900" data-testid="confirmed-notice">
          {copy.confirmedNotice}
        </p>
      ) : null}
      {standing.kind === "account" ? (
        <HasAccount copy={copy} href={signInHref} />
      ) : standing.kind === "admitted" ? (
        <YoureIn copy={copy} invite={standing.invite} notice={inviteNotice} />
      ) : (
        <InLine copy={copy} standing={standing} spots={spots} />
      )}
      <section aria-labelledby="referrals" className="mt-8 rounded-xl border border-slate-200 p-6">
        <h2 id="referrals" className="flex items-center gap-2 text-xl font-bold text-slate-900">
          <Users aria-hidden="true" className="h-5 w-5 text-brand" />
          {copy.referralsTitle}
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-4">
          <div className="rounded-lg bg-slate-50 p-4">
            <dt className="text-sm text-slate-700">{copy.credited}</dt>
            <dd className="text-3xl font-bold text-slate-900" data-testid="credited">
              {referrals.credited}
            </dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-4">
            <dt className="text-sm text-slate-700">{copy.pending}</dt>
            <dd className="text-3xl font-bold text-slate-900" data-testid="pending">
              {referrals.pending}
            </dd>
          </div>
        </dl>
        {/* Held for review (ADR 036): said in words, not counted in the place until approved. */}
        {heldText(referrals.held, copy.held) ? (
          <p className="mt-4 font-semibold text-slate-900" data-testid="held" data-count={referrals.held}>
            {heldText(referrals.held, copy.held)}
            <span className="block text-sm font-normal text-slate-700">{copy.heldNote}</span>
          </p>
        ) : null}
        <p className="mt-4 text-slate-700" data-testid="referral-rule">
          {standing.kind === "account"
            ? copy.ruleAccount
            : !canMoveUp(standing)
              ? copy.ruleAdmitted
              : step > 0
                ? counted(copy.rule, step)
                : copy.ruleFirstCome}
        </p>
      </section>
      {club ? <ParentClub club={club} waiting={canMoveUp(standing)} /> : null}
      {rewards ? <RewardLadder ladder={rewards} /> : null}
      <ReferralShare copy={share} refLink={refLink} followHref={linkTo("follow")} />
      {shareCard ? <ShareCardPreview card={shareCard} /> : null}
      <p className="mt-10 border-t border-slate-200 pt-6 text-center text-slate-700">
        <a href={manage.href} className="font-semibold text-brand-strong underline" data-testid="manage-my-data">
          <ShieldCheck aria-hidden="true" className="mr-1 inline h-4 w-4" />
          {manage.label}
        </a>{" "}
        {manage.text}
      </p>
    </div>
  );
}
