import { Link } from "@remix-run/react";
import { Shield } from "lucide-react";
import { ClubMilestone } from "./ClubPages";

type ParentClubProps = {
  club: {
    copy: { title: string; rule: string; pageLink: string; families: string; milestone: string; milestoneReached: string };
    families: number;
    milestone: number | null;
    reached: boolean;
    pageHref: string;
  };
  /** Still in line: the club's milestone can still bring the parent in. */
  waiting: boolean;
};

/** The status page's club block: the parent's club with its confirmed families and milestone, as the club page shows them. */
export function ParentClub({ club, waiting }: ParentClubProps) {
  const { copy } = club;
  return (
    <section aria-labelledby="parent-club" className="mt-8 rounded-xl border border-slate-200 p-6" data-testid="parent-club">
      <h2 id="parent-club" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Shield aria-hidden="true" className="h-5 w-5 text-brand" />
        {copy.title}
      </h2>
      <p className="mt-3 font-semibold text-slate-900">{copy.families}</p>
      {club.milestone ? (
        <div className="mt-3">
          <ClubMilestone
            id="parent-club-milestone"
            label={club.reached ? copy.milestoneReached : copy.milestone}
            families={club.families}
            milestone={club.milestone}
          />
          {waiting && !club.reached ? <p className="mt-3 text-slate-700">{copy.rule}</p> : null}
        </div>
      ) : null}
      <Link to={club.pageHref} className="mt-4 inline-block font-semibold text-brand-strong underline">
        {copy.pageLink}
      </Link>
    </section>
  );
}
