import { Form } from "@remix-run/react";
import type { AdminContent } from "#content/schemas/admin";
import { formatUtc } from "~/admin/columns";
import type { VariantWaves } from "~/waves/wave-admin.server";
import { Address } from "../Address";
import { ACTION_CELL, AdminTable, CountCell } from "../AdminTable";
import { SMALL_BUTTON } from "./buttons";

/** One variant's waves on /admin/waves with their figures, and its expired invites with "Send a new invite". */
export function VariantWaveList({
  text,
  list,
  all,
  here,
  busy,
}: {
  text: AdminContent["waves"];
  list: VariantWaves;
  all: boolean;
  here: string;
  busy: boolean;
}) {
  return (
    <section aria-labelledby={`waves-${list.key}`} className="mt-8" data-variant={list.key}>
      <h2 id={`waves-${list.key}`} className="text-lg font-bold text-slate-900">
        {all ? `${text.listTitle}: ${list.label}` : text.listTitle}
      </h2>
      {list.waves.length === 0 ? (
        <p className="mt-2 text-slate-700" data-testid="waves-none">
          {text.none}
        </p>
      ) : (
        <AdminTable columns={text.columns} caption={text.tableLabel} testId="waves" className="mt-2">
          {list.waves.map((wave) => (
            <tr key={wave.id} className="border-b border-slate-200" data-wave-seq={wave.seq} data-wave-id={wave.id}>
              <th scope="row" className="px-3 py-2 font-semibold whitespace-nowrap">
                {text.waveName.replace("{seq}", String(wave.seq))}
                {wave.club_id ? (
                  <span className="block max-w-64 min-w-40 font-normal whitespace-normal text-slate-700" data-testid="wave-club">
                    {wave.club ? text.clubWave.replace("{club}", wave.club.name).replace("{city}", wave.club.city) : text.clubWaveRemoved}
                  </span>
                ) : null}
              </th>
              <td className="px-3 py-2 whitespace-nowrap">
                <time dateTime={wave.created_at}>{formatUtc(wave.created_at)}</time>
              </td>
              <td className="px-3 py-2">
                <Address value={wave.created_by} testId="wave-by" />
              </td>
              <CountCell value={wave.size_asked} testId="wave-asked" />
              <CountCell value={wave.admitted} testId="wave-admitted" />
              <CountCell value={wave.last_place ?? "—"} testId="wave-last-place" />
              <CountCell value={wave.invited} testId="wave-invited" />
              <CountCell value={wave.accepted} testId="wave-accepted" />
              <CountCell value={wave.admitted - wave.accepted} testId="wave-waiting" />
              <CountCell value={wave.expired} testId="wave-expired" />
            </tr>
          ))}
        </AdminTable>
      )}
      {list.expired.length > 0 ? (
        <div className="mt-4">
          <h3 className="font-bold text-slate-900">{text.expiredTitle}</h3>
          <AdminTable columns={text.expiredColumns} caption={text.expiredTableLabel} testId="expired-invites" className="mt-2" actions>
            {list.expired.map((invite) => (
              <tr key={invite.leadId} className="border-b border-slate-200" data-recipient={invite.email ?? ""}>
                <td className="px-3 py-2">{invite.email ? <Address value={invite.email} /> : "—"}</td>
                <td className="px-3 py-2 whitespace-nowrap">{text.waveName.replace("{seq}", String(invite.seq))}</td>
                <td className="px-3 py-2 tabular-nums">{invite.place}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <time dateTime={invite.expiresAt}>{formatUtc(invite.expiresAt)}</time>
                </td>
                <td className={`px-3 py-2 ${ACTION_CELL}`}>
                  {all ? (
                    <a href={list.href} className="font-semibold text-brand-strong underline">
                      {list.label}
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
  );
}
