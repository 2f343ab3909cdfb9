import type { ClubsContent } from "#content/schemas/clubs";
import { formatUtc } from "~/admin/columns";
import type { ClubFamily } from "~/clubs/admin.server";
import { AdminTable } from "~/components/admin/AdminTable";
import type { Club } from "~/data/ports/club-store";
import { useLinkTo } from "~/utils/root-data";

/** /admin/clubs?families=ID: one club's families, each linked to its lead, with whether the club counts it. */
export function ClubFamilies({
  text,
  club,
  families,
  total,
  back,
}: {
  text: ClubsContent["admin"]["families"];
  club: Club;
  families: ClubFamily[];
  total: number;
  back: string;
}) {
  const linkTo = useLinkTo();
  const heading = text.heading.replace("{club}", club.name);
  return (
    <section aria-labelledby="club-families-heading" data-testid="club-families-list">
      <p className="mb-4">
        <a href={back} className="text-brand-strong underline">
          {text.back}
        </a>
      </p>
      <h2 id="club-families-heading" className="mb-2 text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      {families.length === 0 ? (
        <p>{text.none}</p>
      ) : (
        <>
          {total > families.length ? (
            <p className="mb-2">{text.more.replace("{shown}", String(families.length)).replace("{total}", String(total))}</p>
          ) : null}
          <AdminTable columns={text.columns} caption={heading} testId="club-families-table">
            {families.map((family) => (
              <tr key={family.id} className="border-b border-slate-200" data-state={family.state}>
                <td className="px-3 py-2">
                  <a href={linkTo(`admin/leads/${family.id}/edit`)} className="underline">
                    {family.email}
                  </a>
                </td>
                <td className="px-3 py-2">
                  <time dateTime={family.joined_at}>{formatUtc(family.joined_at)}</time>
                </td>
                <td className="px-3 py-2">{text.states[family.state]}</td>
              </tr>
            ))}
          </AdminTable>
        </>
      )}
    </section>
  );
}
