import { beforeEach, describe, expect, it } from "vitest";
import { getBackend } from "~/data/backend.server";
import type { NewClub } from "~/data/ports/club-store";
import { eraseParentData, exportParentData } from "~/trust/my-data.server";
import { testContext } from "./helpers/context";
import { CLUB_TABLES, emptyTables, useLocalD1 } from "./helpers/local-d1";

/** Club membership and club contacts in a parent's export and erasure (docs/decisions/039-clubs.md), on a local D1. */
const d1 = useLocalD1();
beforeEach(async () => {
  await emptyTables(d1.db, [...CLUB_TABLES, "leads_icehockey", "suppressions", "erasure_log", "outbox"]);
});

const ctx = () => testContext("http://127.0.0.1:8931/my-data", d1.bindings).ctx;
const clubs = () => getBackend(ctx()).clubs;
const NOW = "2026-01-01T00:00:00.000Z";
const club = (slug: string): NewClub => ({
  id: crypto.randomUUID(),
  lead_table: "leads_icehockey",
  variant: "champion-icehockey",
  slug,
  name: `HC ${slug}`,
  city: "Brno",
  sport: "icehockey",
  created_at: NOW,
});

async function member(email: string, clubId: string) {
  const lead = await getBackend(ctx()).leads.create("leads_icehockey", {
    email,
    ref_code: `C${crypto.randomUUID().slice(0, 7)}`,
    step_completed: 3,
  });
  await clubs().join("leads_icehockey", lead.id, clubId, NOW);
  return lead;
}

describe("clubs in the parent's data", () => {
  it("the export names the parent's club membership and club contact role", async () => {
    const { club: made } = await clubs().register(club("kometa"), "coach@example.com");
    await clubs().confirmContact(made.id, "coach@example.com", NOW);
    const lead = await member("parent@example.com", made.id);
    const data = await exportParentData(ctx(), "parent@example.com");
    expect(data.clubs.memberships).toEqual([
      { table: "leads_icehockey", lead_id: lead.id, club: "HC kometa", city: "Brno", joined_at: NOW },
    ]);
    expect(data.clubs.contact_of).toEqual([]);
    const coach = await exportParentData(ctx(), "coach@example.com");
    expect(coach.clubs.contact_of).toEqual([{ club: "HC kometa", city: "Brno", status: "pending", confirmed_at: NOW, since: NOW }]);
  });

  it("erasure ends the membership; a contact's club stays only with another confirmed contact", async () => {
    // A club has a second contact once an admin merged another coach's registration into it.
    const { club: kept } = await clubs().register(club("kept"), "coach@example.com");
    const { club: keptToo } = await clubs().register(club("kept-too"), "second@example.com");
    await clubs().confirmContact(keptToo.id, "second@example.com", NOW);
    await clubs().merge(keptToo.id, kept.id);
    const { club: gone } = await clubs().register(club("gone"), "coach@example.com");
    const { club: goneToo } = await clubs().register(club("gone-too"), "unconfirmed@example.com");
    await clubs().merge(goneToo.id, gone.id);
    const parent = await member("parent@example.com", kept.id);
    const other = await member("other@example.com", gone.id);

    await eraseParentData(ctx(), "parent@example.com", "self");
    expect(await clubs().membershipOf("leads_icehockey", parent.id)).toBeNull();

    await eraseParentData(ctx(), "coach@example.com", "self");
    expect((await clubs().contacts(kept.id)).map((c) => c.email)).toEqual(["second@example.com"]);
    expect(await clubs().get(gone.id)).toBeNull();
    // The removed club's members just lose the membership; their entries stay.
    expect(await clubs().membershipOf("leads_icehockey", other.id)).toBeNull();
    expect(await getBackend(ctx()).leads.getById("leads_icehockey", other.id)).not.toBeNull();
  });
});
