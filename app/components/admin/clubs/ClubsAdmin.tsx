import { Form } from "@remix-run/react";
import type { ClubsContent } from "#content/schemas/clubs";
import type { AdminClub } from "~/clubs/admin.server";
import { ACTION_CELL, AdminTable } from "~/components/admin/AdminTable";
import { useLinkTo } from "~/utils/root-data";

type Answer = { error: string } | { confirm: { intent: "reject" | "merge"; club: string; into?: string; text: string } } | undefined;

/** /admin/clubs: the confirm block of an irreversible action, then every club with its funnel and forms. */
export function ClubsAdmin({
  text,
  clubs,
  here,
  csvHref,
  answer,
}: {
  text: ClubsContent["admin"];
  clubs: AdminClub[] | null;
  here: string;
  csvHref: string;
  answer: Answer;
}) {
  const linkTo = useLinkTo();
  const button = "rounded border border-slate-400 px-2 py-1 font-semibold whitespace-nowrap hover:bg-slate-100";
  if (!clubs) return <p>{text.genius}</p>;
  const open = clubs.filter((club) => club.status !== "merged" && club.status !== "rejected");
  return (
    <>
      {answer && "error" in answer ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 px-4 py-2 text-red-900">
          {answer.error}
        </p>
      ) : null}
      {answer && "confirm" in answer ? (
        <Form method="post" action={here} className="mb-6 rounded-lg border border-slate-300 p-4" data-testid="club-confirm">
          <p className="text-slate-900">{answer.confirm.text}</p>
          <input type="hidden" name="intent" value={answer.confirm.intent} />
          <input type="hidden" name="club" value={answer.confirm.club} />
          {answer.confirm.into ? <input type="hidden" name="into" value={answer.confirm.into} /> : null}
          <input type="hidden" name="confirmed" value="yes" />
          <div className="mt-4 flex items-center gap-3">
            <button type="submit" className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
              {text.confirm}
            </button>
            <a href={here} className="underline">
              {text.cancel}
            </a>
          </div>
        </Form>
      ) : null}
      <p className="mb-4">
        <a href={csvHref} className="font-semibold text-brand-strong underline">
          {text.csv}
        </a>
      </p>
      {clubs.length === 0 ? (
        <p>{text.none}</p>
      ) : (
        <AdminTable
          columns={{
            club: text.columns.club,
            status: text.columns.status,
            contact: text.columns.contact,
            joined: text.columns.joined,
            families: text.columns.families,
            unconfirmed: text.columns.unconfirmed,
            held: text.columns.held,
            milestone: text.columns.milestone,
            actions: text.columns.actions,
          }}
          caption={text.title}
          testId="admin-clubs"
          actions
        >
          {clubs.map((club) => (
            <tr key={club.id} className="border-b border-slate-200 align-top" data-club={club.slug}>
              <td className="px-3 py-2">
                <span className="font-semibold">{club.name}</span>
                <br />
                {club.city}
                <br />
                <a href={linkTo("admin/clubs", { families: club.id })} className="text-brand-strong underline">
                  {text.families.link}
                </a>
                {club.sameNameAs ? (
                  <p className="mt-2 max-w-xs text-amber-900" data-testid="club-same-name">
                    {text.sameName.replaceAll("{club}", club.sameNameAs.name).replace("{city}", club.sameNameAs.city)}
                  </p>
                ) : null}
              </td>
              <td className="px-3 py-2">{text.statuses[club.status]}</td>
              <td className="px-3 py-2">
                {club.contacts.map((contact) => (
                  <div key={contact.email}>
                    {contact.email} ({contact.confirmed ? text.contactConfirmed : text.contactWaiting})
                  </div>
                ))}
              </td>
              <td className="px-3 py-2 text-right">{club.members}</td>
              <td className="px-3 py-2 text-right" data-testid="club-families">
                {club.families}
              </td>
              <td className="px-3 py-2 text-right">{club.unconfirmed}</td>
              <td className="px-3 py-2 text-right">{club.held}</td>
              <td className="px-3 py-2">
                {club.status === "merged" ? null : (
                  <Form method="post" action={here} className="flex items-end gap-2">
                    <input type="hidden" name="intent" value="milestone" />
                    <input type="hidden" name="club" value={club.id} />
                    <label className="flex flex-col">
                      {text.milestoneLabel}
                      <input
                        name="milestone"
                        inputMode="numeric"
                        defaultValue={club.milestone ?? ""}
                        className="mt-1 w-20 rounded border border-slate-400 px-2 py-1"
                      />
                    </label>
                    <button type="submit" className={button}>
                      {text.milestoneSave}
                    </button>
                  </Form>
                )}
                {club.milestone_reached_at ? <span className="font-semibold text-green-800">{text.reached}</span> : null}
              </td>
              <td className={`space-y-2 px-3 py-2 ${ACTION_CELL}`}>
                {club.status === "pending" ? (
                  <Form method="post" action={here}>
                    <input type="hidden" name="club" value={club.id} />
                    <button type="submit" name="intent" value="approve" className={button}>
                      {club.sameNameAs ? text.approveSeparate : text.approve}
                    </button>{" "}
                    <button type="submit" name="intent" value="reject" className={button}>
                      {text.reject}
                    </button>
                  </Form>
                ) : null}
                {club.sameNameAs && club.status !== "merged" && club.status !== "rejected" ? (
                  <Form method="post" action={here}>
                    <input type="hidden" name="intent" value="merge" />
                    <input type="hidden" name="club" value={club.id} />
                    <input type="hidden" name="into" value={club.sameNameAs.id} />
                    <button type="submit" className={button}>
                      {text.mergeSameName.replace("{club}", club.sameNameAs.name)}
                    </button>
                  </Form>
                ) : null}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {open.length > 1 ? (
        // One form for every merge: two lists of the open clubs, not one list per row.
        <Form method="post" action={here} className="mt-6 flex flex-wrap items-end gap-3" data-testid="club-merge">
          <h2 className="w-full text-lg font-bold text-slate-900">{text.mergeTitle}</h2>
          <input type="hidden" name="intent" value="merge" />
          <label className="flex flex-col">
            {text.mergeFrom}
            <select name="club" className="mt-1 rounded border border-slate-400 px-2 py-1">
              <ClubOptions clubs={open} />
            </select>
          </label>
          <label className="flex flex-col">
            {text.mergeLabel}
            <select name="into" className="mt-1 rounded border border-slate-400 px-2 py-1">
              <ClubOptions clubs={open} />
            </select>
          </label>
          <button type="submit" className={button}>
            {text.mergeButton}
          </button>
        </Form>
      ) : null}
    </>
  );
}

function ClubOptions({ clubs }: { clubs: AdminClub[] }) {
  return clubs.map((club) => (
    <option key={club.id} value={club.id}>
      {club.name} ({club.city})
    </option>
  ));
}
