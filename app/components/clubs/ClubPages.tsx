import { Link } from "@remix-run/react";
import { ShieldCheck } from "lucide-react";
import type { ClubsContent } from "#content/schemas/clubs";
import { LinkActionButton, LinkActionMessage, LinkActionPage } from "~/components/mail/LinkActionPage";
import { CopyButton } from "~/components/share/ReferralShare";
import { OneTapShare } from "~/components/share/OneTapShare";
import { useHydrated } from "~/utils/use-hydrated";

/** A club's milestone: what is left (or that it is reached) over a <progress> that needs no JavaScript. */
export function ClubMilestone({ id, label, families, milestone }: { id: string; label: string; families: number; milestone: number }) {
  return (
    <>
      <label htmlFor={id} className="text-slate-700">
        {label}
      </label>
      <progress id={id} max={milestone} value={Math.min(families, milestone)} className="mt-2 block h-3 w-full" />
    </>
  );
}

type LinkShare = ClubsContent["confirmed"]["share"];

/**
 * The club link in a box the coach or a parent can select and copy (no JavaScript needed); with
 * `share`, the parents' share block: a Copy button once hydrated and the one-tap share links.
 */
function LinkBox({ label, hint, link, share }: { label: string; hint: string; link: string; share?: LinkShare }) {
  const hydrated = useHydrated();
  return (
    <div className="mt-8 rounded-xl border border-slate-200 bg-white p-5 text-left shadow-sm">
      <h2 className="text-lg font-bold text-slate-900">{label}</h2>
      <p className="mt-1 text-slate-700">{hint}</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input
          readOnly
          value={link}
          aria-label={label}
          data-testid="club-link"
          className="block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm"
        />
        {share && hydrated ? <CopyButton text={link} label={share.copyButton} copiedLabel={share.copied} /> : null}
      </div>
      {share ? <OneTapShare copy={share.oneTap} refLink={link} /> : null}
    </div>
  );
}

type Confirmed =
  | { state: "invalid"; copy: ClubsContent["confirmed"]; againHref: string }
  | { state: "ask"; copy: ClubsContent["confirmed"]; clubName: string; email: string; token: string }
  | {
      state: "confirmed";
      copy: ClubsContent["confirmed"];
      /** Set while a club with the same name makes this one wait for the admin's review. */
      review: string | null;
      club: { name: string; city: string; status: string };
      clubLink: string;
      pageLink: string | null;
    };

/** /clubs/confirm: the button that confirms the contact, then the confirmed club, its link and (once approved) its page. */
export function ClubConfirmedPage(props: Confirmed) {
  if (props.state === "invalid") {
    return (
      <section className="mx-auto max-w-xl px-4 py-16">
        <h1 className="text-3xl font-extrabold text-slate-900">{props.copy.invalid.title}</h1>
        <p className="mt-4 text-lg text-slate-700">{props.copy.invalid.text}</p>
        <Link to={props.againHref} className="mt-6 inline-block font-semibold text-brand-strong underline">
          {props.copy.invalid.title}
        </Link>
      </section>
    );
  }
  if (props.state === "ask") {
    return (
      <LinkActionPage icon={ShieldCheck}>
        <LinkActionMessage title={props.copy.ask.title} text={props.copy.ask.text} />
        <LinkActionButton token={props.token} label={props.copy.ask.button} />
      </LinkActionPage>
    );
  }
  const { copy, club } = props;
  const text = props.review ?? (club.status === "approved" ? copy.approved : club.status === "rejected" ? copy.rejected : copy.pending);
  return (
    <section className="mx-auto max-w-xl px-4 py-16" data-testid="club-confirmed">
      <h1 className="text-3xl font-extrabold text-slate-900">{copy.title}</h1>
      <p className="mt-4 text-lg text-slate-700">{text}</p>
      {club.status === "rejected" ? null : <LinkBox label={copy.linkLabel} hint={copy.linkHint} link={props.clubLink} share={copy.share} />}
      {props.pageLink ? (
        <Link to={props.pageLink} className="mt-6 inline-block font-semibold text-brand-strong underline">
          {copy.pageLabel}
        </Link>
      ) : null}
    </section>
  );
}

type ClubPageProps = {
  /** `families`: counted for this club. */
  copy: Omit<ClubsContent["page"], "families"> & { families: string };
  club: { name: string; city: string; families: number; milestone: number | null; reached: boolean };
  clubLink: string;
  joinHref: string;
  leaderboardHref: string;
};

/** /clubs/SLUG: the club's name, city, confirmed families and milestone progress; no family ever. */
export function ClubPage({ copy, club, clubLink, joinHref, leaderboardHref }: ClubPageProps) {
  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:py-16" data-testid="club-page">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{club.name}</h1>
      <p className="mt-1 text-lg text-slate-600">{club.city}</p>
      <p className="mt-6 text-2xl font-bold text-slate-900" data-testid="club-families">
        {copy.families}
      </p>
      {club.milestone ? (
        <div className="mt-4">
          <ClubMilestone
            id="club-milestone"
            label={club.reached ? copy.milestoneReached : copy.milestone}
            families={club.families}
            milestone={club.milestone}
          />
        </div>
      ) : null}
      <LinkBox label={copy.shareTitle} hint={copy.shareHint} link={clubLink} />
      <div className="mt-8 flex flex-wrap gap-4">
        <a href={joinHref} className="rounded-lg bg-brand px-5 py-3 font-semibold text-white shadow hover:bg-brand-strong">
          {copy.join}
        </a>
        <Link to={leaderboardHref} className="px-2 py-3 font-semibold text-brand-strong underline">
          {copy.leaderboardLink}
        </Link>
      </div>
    </section>
  );
}

type LeaderboardProps = {
  copy: ClubsContent["leaderboard"];
  clubs: { rank: number; name: string; city: string; families: number; href: string }[];
  registerHref: string;
};

/** /clubs: the sport's approved clubs by confirmed families. */
export function ClubLeaderboard({ copy, clubs, registerHref }: LeaderboardProps) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{copy.title}</h1>
      <p className="mt-3 text-lg text-slate-700">{copy.intro}</p>
      {clubs.length === 0 ? (
        <p className="mt-8 text-slate-700">{copy.empty}</p>
      ) : (
        <table className="mt-8 w-full text-left" data-testid="club-leaderboard">
          <thead>
            <tr className="border-b border-slate-300 text-sm text-slate-600">
              <th scope="col" className="py-2 pr-3">
                {copy.columns.rank}
              </th>
              <th scope="col" className="py-2 pr-3">
                {copy.columns.club}
              </th>
              <th scope="col" className="py-2 pr-3">
                {copy.columns.city}
              </th>
              <th scope="col" className="py-2 text-right">
                {copy.columns.families}
              </th>
            </tr>
          </thead>
          <tbody>
            {clubs.map((club) => (
              <tr key={club.href} className="border-b border-slate-100">
                <td className="py-2 pr-3">{club.rank}</td>
                <td className="py-2 pr-3">
                  <Link to={club.href} className="font-semibold text-brand-strong underline">
                    {club.name}
                  </Link>
                </td>
                <td className="py-2 pr-3">{club.city}</td>
                <td className="py-2 text-right font-bold">{club.families}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Link to={registerHref} className="mt-8 inline-block font-semibold text-brand-strong underline">
        {copy.register}
      </Link>
    </section>
  );
}
