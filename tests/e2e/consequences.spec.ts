import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page, PlaywrightTestArgs, PlaywrightWorkerArgs } from "@playwright/test";
import { referralRules } from "../../content/referrals";
import {
  bothModesIn,
  confirmThroughButton,
  expect,
  landOn,
  mailLink,
  newParent,
  outbox,
  postPlan,
  postStep,
  pathIn,
  queryD1,
  sqlString,
  stepAnswers,
  test,
  uniqueEmail,
  variants,
  visitorApi,
  withLineLock,
  type VariantCase,
} from "./fixtures";
import { newSecret, startEventLog } from "./webhook-receiver";

/**
 * A confirmation's consequences, each once (docs/decisions/046-facts-and-reactions.md), JavaScript on
 * and off in hockey: a referrer in a club, one credit short of a reward, is seeded; a friend joins
 * through the referral link, picks the club and confirms with the button. The referral is credited,
 * the reward earned, the club counts one family more, the referrer gets one "moved up" mail and an
 * integration one signed `lead.confirmed` and `referral.credited`. The confirm posted again doubles nothing.
 */
const hockey = variants[1];
const PLACES = referralRules.placesPerCredit;
/** The referrer's credits before the friend's: the reward is at one more (high, so no other test's parent reaches it). */
const CREDITS_BEFORE = 2;

test.beforeEach(() => test.slow());

type Seeded = { referrerId: string; referrer: string; refCode: string; clubId: string; stepId: string; stepTitle: string };

/**
 * Straight into D1: an approved club, the referrer in it (confirmed, with CREDITS_BEFORE old credits,
 * so no hold counts them as a burst), a reward step at one credit more, and PLACES parents whose
 * places lie between the referrer's now and after one more credit, so that credit passes them.
 */
async function seed(v: VariantCase, tag: string): Promise<Seeded> {
  const now = new Date();
  const at = now.toISOString();
  const old = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const s: Seeded = {
    referrerId: randomUUID(),
    referrer: uniqueEmail(`consequences-referrer-${tag}`),
    refCode: `C${randomUUID().replace(/-/g, "").slice(0, 7).toUpperCase()}`,
    clubId: randomUUID(),
    stepId: randomUUID(),
    stepTitle: `A signed puck ${randomUUID().slice(0, 8)}`,
  };
  const slug = `consequences-${randomUUID().slice(0, 8)}`;
  const next = `(SELECT COALESCE(MAX(confirm_seq), 0) + 1 FROM ${v.table})`;
  const rivals = Array.from({ length: PLACES }, () => uniqueEmail(`consequences-rival-${tag}`));
  await queryD1([
    `INSERT INTO clubs (id, lead_table, variant, slug, name, city, sport, status, created_at)
     VALUES (${sqlString(s.clubId)}, ${sqlString(v.table)}, 'champion-icehockey', ${sqlString(slug)}, ${sqlString(`Consequences ${tag}`)}, 'Brno', 'icehockey', 'approved', ${sqlString(at)})`,
    `INSERT INTO ${v.table} (id, email, normalized_email, ref_code, step_completed, email_verified, confirmed_at, confirm_seq, place_score, referral_count)
     SELECT ${sqlString(s.referrerId)}, ${sqlString(s.referrer)}, ${sqlString(s.referrer)}, ${sqlString(s.refCode)}, 3, 1, ${sqlString(at)},
            ${next}, ${next} - ${PLACES * CREDITS_BEFORE}, ${CREDITS_BEFORE}`,
    `INSERT INTO club_members (lead_table, lead_id, club_id, joined_at) VALUES (${sqlString(v.table)}, ${sqlString(s.referrerId)}, ${sqlString(s.clubId)}, ${sqlString(at)})`,
    ...Array.from(
      { length: CREDITS_BEFORE },
      () =>
        `INSERT INTO referrals (id, lead_table, referred_id, referrer_id, ref_code, variant, status, created_at, updated_at, credited_at)
         VALUES (${sqlString(randomUUID())}, ${sqlString(v.table)}, ${sqlString(randomUUID())}, ${sqlString(s.referrerId)}, ${sqlString(s.refCode)},
                 'champion-icehockey', 'credited', ${sqlString(old)}, ${sqlString(old)}, ${sqlString(old)})`,
    ),
    // Ahead of the referrer by one place score now, behind once a credit takes PLACES off it.
    ...rivals.map(
      (email) =>
        `INSERT INTO ${v.table} (id, email, normalized_email, step_completed, email_verified, confirmed_at, confirm_seq, place_score)
         SELECT ${sqlString(randomUUID())}, ${sqlString(email)}, ${sqlString(email)}, 3, 1, ${sqlString(at)}, ${next},
                (SELECT place_score FROM ${v.table} WHERE id = ${sqlString(s.referrerId)}) - 1`,
    ),
    `INSERT INTO reward_steps (id, lead_table, threshold, kind, title, description, enabled, created_at, updated_at)
     VALUES (${sqlString(s.stepId)}, ${sqlString(v.table)}, ${CREDITS_BEFORE + 1}, 'perk', ${sqlString(s.stepTitle)}, 'For three friends', 1, ${sqlString(at)}, ${sqlString(at)})`,
  ]);
  return s;
}

/** The club's counted families, as its page counts them (confirmed, not held). */
async function families(v: VariantCase, clubId: string): Promise<number> {
  const [row] = await queryD1<{ n: number }>(
    `SELECT COUNT(*) AS n FROM club_members m JOIN ${v.table} l ON l.id = m.lead_id
     WHERE m.club_id = ${sqlString(clubId)} AND l.confirmed_at IS NOT NULL AND instr(l.risk_flags, '"disposable-domain"') = 0
       AND NOT EXISTS (SELECT 1 FROM referrals r WHERE r.lead_table = ${sqlString(v.table)} AND r.referred_id = m.lead_id
                       AND (r.status = 'held' OR r.reason = 'review-rejected'))`,
  );
  return Number(row.n);
}

/** The friend lands through the referral link and joins as form posts, picking the club on the e-mail step. */
async function friendJoinsClub(api: APIRequestContext, v: VariantCase, email: string, s: Seeded) {
  await landOn(api, v, { r: s.refCode });
  const answers = stepAnswers(v);
  await postStep(api, v, 1, answers[1]);
  await postStep(api, v, 2, answers[2]);
  await postStep(api, v, 3, { email, club: s.clubId });
  await postPlan(api, v);
  expect((await api.get(pathIn(v, "confirm"))).status()).toBe(200);
}

/** Everything the confirmation caused, as counts: each should be 1 once it has happened. */
async function consequences(
  page: Page,
  v: VariantCase,
  s: Seeded,
  friendId: string,
  events: { type: string; data: Record<string, unknown>; valid: boolean }[],
) {
  const [referral] = await queryD1<{ id: string; status: string }>(
    `SELECT id, status FROM referrals WHERE lead_table = ${sqlString(v.table)} AND referred_id = ${sqlString(friendId)}`,
  );
  const [referrer] = await queryD1<{ referral_count: number }>(
    `SELECT referral_count FROM ${v.table} WHERE id = ${sqlString(s.referrerId)}`,
  );
  const [rewards] = await queryD1<{ n: number }>(
    `SELECT COUNT(*) AS n FROM rewards_earned WHERE lead_table = ${sqlString(v.table)} AND lead_id = ${sqlString(s.referrerId)} AND step_id = ${sqlString(s.stepId)}`,
  );
  const mails = await outbox(page, s.referrer);
  // Signed, about this friend (every endpoint hears the other tests' confirmations too).
  const signed = (type: string) =>
    events.filter((event) => event.type === type && event.valid && [event.data.lead_id, event.data.referred_id].includes(friendId)).length;
  return {
    credited: referral?.status === "credited" ? 1 : 0,
    credits: Number(referrer.referral_count) - CREDITS_BEFORE,
    rewards: Number(rewards.n),
    families: (await families(v, s.clubId)) - 1,
    movedUpMails: mails.filter((mail) => mail.template === "moved-up").length,
    rewardMails: mails.filter((mail) => mail.template === "reward" && mail.subject.includes(s.stepTitle)).length,
    leadConfirmed: signed("lead.confirmed"),
    referralCredited: signed("referral.credited"),
  };
}

const once = { credited: 1, credits: 1, rewards: 1, families: 1, movedUpMails: 1, rewardMails: 1, leadConfirmed: 1, referralCredited: 1 };

/**
 * The flow: seed, the friend joins and confirms with the button, every consequence once; then the
 * confirm posted again doubles nothing. `failOnce`: the referrer's "moved up" mail cannot be written
 * (a trigger refuses its outbox row) until its first failure is recorded, then it is retried.
 */
async function confirmationOnce(
  {
    page,
    browser,
    playwright,
    jsEnabled,
  }: Pick<PlaywrightTestArgs & PlaywrightWorkerArgs, "page" | "browser" | "playwright"> & { jsEnabled: boolean },
  { failOnce }: { failOnce: boolean },
) {
  const v = hockey;
  const tag = `${jsEnabled ? "on" : "off"}${failOnce ? "-fail" : ""}`;
  const secret = newSecret();
  const receiver = await startEventLog(secret);
  const endpointId = randomUUID();
  const at = new Date().toISOString();
  await queryD1(
    `INSERT INTO webhook_endpoints (id, url, events, secret, enabled, created_at, updated_at)
     VALUES (${sqlString(endpointId)}, ${sqlString(receiver.url)}, '["lead.confirmed","referral.credited"]', ${sqlString(secret)}, 1, ${sqlString(at)}, ${sqlString(at)})`,
  );
  const trigger = `fail_moved_up_${randomUUID().replace(/-/g, "")}`;
  let stepId = "";
  try {
    // Places and "moved up" count the variant's whole line: no wave may admit the referrer meanwhile.
    await withLineLock("main", v, async () => {
      const s = await seed(v, tag);
      stepId = s.stepId;
      expect(await families(v, s.clubId)).toBe(1);
      if (failOnce) {
        await queryD1(
          `CREATE TRIGGER ${trigger} BEFORE INSERT ON outbox WHEN NEW.template = 'moved-up' AND NEW.recipient = ${sqlString(s.referrer)}
           BEGIN SELECT RAISE(ABORT, '${trigger}'); END`,
        );
      }
      const friend = uniqueEmail(`consequences-friend-${tag}`);
      const api = await visitorApi(playwright);
      await friendJoinsClub(api, v, friend, s);
      await api.dispose();
      const [{ id: friendId }] = await queryD1<{ id: string }>(`SELECT id FROM ${v.table} WHERE email = ${sqlString(friend)}`);

      // The click under test: the friend's confirm button, in a browser of its own.
      const verify = await mailLink(page, friend, "verify-email", { template: "prelaunch" });
      const parent = await newParent(browser, jsEnabled);
      await confirmThroughButton(parent.page, v, verify);
      if (failOnce) {
        // The handler's failure is recorded (its attempt and error), then the database takes the mail again.
        await expect
          .poll(
            async () =>
              (
                await queryD1<{ n: number }>(
                  `SELECT COUNT(*) AS n FROM fact_handlings WHERE handler = 'mail' AND status = 'pending' AND attempts >= 1
                     AND last_error IS NOT NULL AND fact_id = (SELECT 'referral.credited:${v.table}:' || id FROM referrals
                       WHERE lead_table = ${sqlString(v.table)} AND referred_id = ${sqlString(friendId)})`,
                )
              )[0].n,
            { timeout: 60_000 },
          )
          .toBeGreaterThan(0);
        await queryD1(`DROP TRIGGER ${trigger}`);
      }
      // A failed handler is tried again after its retry delay (FACT_RETRY_SECONDS): the poll outlasts it.
      await expect.poll(() => consequences(page, v, s, friendId, receiver.events), { timeout: 90_000 }).toEqual(once);

      // The confirm posted again (a reload's resubmit, a second tab): nothing doubles.
      const again = await parent.page.request.post(verify, {
        form: { t: new URL(verify).searchParams.get("t")!, intent: "confirm" },
        maxRedirects: 0,
      });
      expect(again.status()).toBe(303);
      await parent.page.reload();
      await parent.context.close();
      expect(await consequences(page, v, s, friendId, receiver.events)).toEqual(once);
      const [deliveries] = await queryD1<{ n: number }>(
        `SELECT COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id = ${sqlString(endpointId)}
           AND event_id IN (${sqlString(`lead.confirmed:${v.table}:${friendId}`)},
             (SELECT 'referral.credited:${v.table}:' || id FROM referrals WHERE lead_table = ${sqlString(v.table)} AND referred_id = ${sqlString(friendId)}))`,
      );
      expect(Number(deliveries.n), "one delivery per event").toBe(2);
    });
  } finally {
    if (failOnce) await queryD1(`DROP TRIGGER IF EXISTS ${trigger}`);
    // The reward step would be every hockey referrer's at three credits: gone with the test.
    if (stepId) await queryD1(`UPDATE reward_steps SET enabled = 0 WHERE id = ${sqlString(stepId)}`);
    await queryD1(`UPDATE webhook_endpoints SET enabled = 0 WHERE id = ${sqlString(endpointId)}`);
    receiver.close();
  }
}

test.describe("a confirmation's consequences", bothModesIn(hockey, hockey), () => {
  test("a friend's confirmation credits, rewards, counts the club, mails the referrer and tells the webhooks once; a second confirm doubles nothing", async ({
    page,
    browser,
    playwright,
    jsEnabled,
  }) => {
    await confirmationOnce({ page, browser, playwright, jsEnabled }, { failOnce: false });
  });

  // The referrer's mail is a reaction to the credit's fact: its failed run is retried alone (after 2 s on the e2e servers).
  test("the same once after the referrer's mail handler fails once and is retried", async ({ page, browser, playwright, jsEnabled }) => {
    await confirmationOnce({ page, browser, playwright, jsEnabled }, { failOnce: true });
  });
});
