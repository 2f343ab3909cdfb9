import { getPage } from "../../content/index";
import { formatPrice, pricePerMonth, yearlySaving } from "../../app/plans/pricing";
import {
  bothModesIn,
  bookablePlan,
  chooseStep1,
  chooseStep2,
  expect,
  outbox,
  pathIn,
  personStamp,
  postSteps,
  queryD1,
  sqlString,
  stepAnswers,
  test,
  uniqueEmail,
  variants,
  type VariantCase,
  holdPosts,
  landOn,
} from "./fixtures";
import { elements, getHtml, textOf } from "./http";

type LeadRow = Record<string, unknown>;

async function leadByEmail(v: VariantCase, email: string): Promise<LeadRow[]> {
  return queryD1(`SELECT * FROM ${v.table} WHERE email = ${sqlString(email)}`);
}

// Every variant walks the whole funnel: each has its own questions, roadmap, plans, prices, table and
// e-mail. The form's messages and buttons differ between the domains only (the sport editions share
// them), so the checks of the form alone run once per domain.
for (const v of variants) {
  const formChecks = v.key !== "tennis";
  const options = getPage(v.key, "options");
  const form = getPage(v.key, "form");
  const plans = getPage(v.key, "plans").plans;
  const plansPage = getPage(v.key, "plansPage");
  const roadmap = getPage(v.key, "roadmap");
  const planCopy = getPage(v.key, "roadmapPlan");

  test.describe(`main funnel: ${v.key}`, () => {
    test(
      "landing with referral and UTM -> 3 steps -> roadmap -> plans (yearly) -> waitlist",
      bothModesIn(v, variants[0]),
      async ({ page, context, jsEnabled }) => {
        const email = uniqueEmail(`funnel-${v.key}`);
        const [age1, age2] = [options.ageBands[2].value, options.ageBands[3].value];
        const [time1, time2] = [options.time[1].value, options.time[2].value];
        const focus = [options.focus[0].value, options.focus[2].value];
        const goals = [options.goals[1].value];
        const concern = options.concerns[1].value;
        const plan = bookablePlan(v);

        await page.goto(pathIn(v, "home", { r: "ABCDEFGH", utm_source: "x" }));
        await page.locator("a[href^='/form']").first().click();
        await expect(page).toHaveURL(/\/form/);
        await expect(page.getByText("Step 1 of 3")).toBeVisible();
        await expect(page.getByText("33% Complete")).toBeVisible();

        await page.locator("select[name='children[0].ageBand']").selectOption(age1);
        await page.locator("select[name='children[0].time']").selectOption(time1);
        await page.getByRole("button", { name: form.step1.add }).click();
        await expect(page.locator("[data-testid='child-entry']")).toHaveCount(2);
        // Entries typed before adding are kept (server re-render without JavaScript).
        await expect(page.locator("select[name='children[0].ageBand']")).toHaveValue(age1);
        await page.locator("select[name='children[1].ageBand']").selectOption(age2);
        await page.locator("select[name='children[1].time']").selectOption(time2);
        await page.getByRole("button", { name: form.step1.continue, exact: true }).click();

        await expect(page.getByText("Step 2 of 3")).toBeVisible();
        for (const value of focus) await page.locator(`input[name='focus'][value='${value}']`).check();
        for (const value of goals) await page.locator(`input[name='goals'][value='${value}']`).check();
        await page.locator(`input[name='concern'][value='${concern}']`).check();
        await expect(page.getByText(form.step2.note)).toBeVisible();
        await page.getByRole("button", { name: form.step2.continue }).click();

        await expect(page.getByText("Step 3 of 3")).toBeVisible();
        await expect(page.getByText(form.step3.noSpam)).toBeVisible();
        await page.getByLabel(form.step3.emailLabel).fill(email);
        await page.getByRole("button", { name: form.step3.submit }).click();

        await expect(page).toHaveURL(/\/roadmap/);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(roadmap.hero.title);
        await expect(page.getByText(/80% of the brain develops by age 3/).first()).toBeVisible();
        // The roadmap is built from the answers above, in the form's words.
        const yours = page.getByTestId("your-roadmap");
        const labelOf = (list: { value: string; label: string }[], value: string) => list.find((item) => item.value === value)!.label;
        for (const text of [
          labelOf(options.ageBands, age1),
          labelOf(options.ageBands, age2),
          ...focus.map((value) => labelOf(options.focus, value)),
          ...goals.map((value) => labelOf(options.goals, value)),
          labelOf(options.concerns, concern),
          labelOf(options.time, time1),
          planCopy.concernAnswers.find((entry) => entry.concern === concern)!.text,
          planCopy.schedule.find((entry) => entry.time === time1)!.text,
        ]) {
          await expect(yours.getByText(text, { exact: false }).first()).toBeVisible();
        }
        await expect(yours.getByRole("listitem")).not.toHaveCount(0);
        await expect(yours).not.toContainText(email);
        await page.getByRole("button", { name: "See Plans & Lock My Launch Price" }).click();

        await expect(page).toHaveURL(/\/plans/);
        await page.getByRole("link", { name: plansPage.toggle.yearly }).click();
        await expect(page).toHaveURL(/cycle=yearly/);
        const card = page.locator(`[data-plan='${plan.id}']`);
        await expect(card.getByTestId("price")).toHaveText(formatPrice(pricePerMonth(plan, "yearly")));
        // The main server runs LAUNCH_MODE=waitlist: the button promises no trial, and the plan choice
        // leads to the waitlist success page in the variant (plan-step.spec.ts covers the default, /signup).
        await card.getByRole("button", { name: plansPage.plans.joinWaitlist }).click();

        await expect(page).toHaveURL((url) => url.pathname === "/confirm");
        if (v.variant.domain === "champion") {
          expect(new URL(page.url()).searchParams.get("sport")).toBe(v.variant.sport);
        }

        const confirm = getPage(v.key, "confirm");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(confirm.title);
        await expect(page.getByTestId("sent-mark")).toBeVisible();
        await expect(page.getByText(email)).toBeVisible();

        const rows = await leadByEmail(v, email);
        expect(rows).toHaveLength(1);
        const lead = rows[0];
        const refLink = new URL(pathIn(v, "home", { r: String(lead.ref_code) }), page.url()).href;
        await expect(page.getByLabel(confirm.private.linkLabel)).toHaveValue(refLink);
        // The message a parent copies tags its channel (c=copy), as each one-tap link tags its own.
        await expect(page.getByTestId("share-message")).toHaveText(confirm.vip.shareMessage.replace("{link}", `${refLink}&c=copy`));

        // Exactly one prelaunch e-mail, with the plan and the referral link; a reload sends none.
        const mails = await outbox(page, email);
        expect(mails).toHaveLength(1);
        expect(mails[0].template).toBe("prelaunch");
        expect(mails[0].subject).toBe(`Welcome to ${plan.name} - Your Referral Link is Ready!`);
        expect(mails[0].html).toContain(refLink.replace(/&/g, "&amp;"));
        await page.reload();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(confirm.title);
        await expect(page.getByLabel(confirm.private.linkLabel)).toHaveValue(refLink);
        expect(await outbox(page, email)).toHaveLength(1);

        // The flags: copy buttons and the follow popup with JavaScript, the tracking redirect without.
        if (jsEnabled) {
          await context.grantPermissions(["clipboard-read", "clipboard-write"]);
          await page.getByRole("button", { name: confirm.vip.copyButton }).click();
          await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
          await page.getByRole("button", { name: confirm.private.copyButton }).click();
          // The follow button opens the tracking redirect in a popup (it then leaves for the social page).
          const popupPromise = page.waitForEvent("popup");
          await page.getByRole("link", { name: confirm.vip.followButton }).click();
          await popupPromise;
          await expect.poll(async () => (await leadByEmail(v, email))[0].followed_on_facebook).toBe(1);
          await expect.poll(async () => (await leadByEmail(v, email))[0].copied_ref_link).toBe(1);
          const [flags] = await leadByEmail(v, email);
          expect(flags.copied_share_message).toBe(1);
          expect(flags.followed_on_facebook).toBe(1);
        } else {
          const href = await page.getByRole("link", { name: confirm.vip.followButton }).getAttribute("href");
          const response = await page.request.get(href!, { maxRedirects: 0 });
          expect(response.status()).toBe(302);
          expect(response.headers()["location"]).toBe(getPage(v.key, "site").social.url);
          const [flags] = await leadByEmail(v, email);
          expect(flags.followed_on_facebook).toBe(1);
          expect(flags.copied_share_message).toBe(0);
        }
        expect(lead.step_completed).toBe(3);
        expect(lead.hashed_email).toMatch(/^[0-9a-f]{12}$/);
        expect(lead.ref_code).toMatch(/^[A-Z0-9]{8}$/);
        expect(lead.referred_by).toBe("ABCDEFGH");
        expect(lead.utm_source).toBe("x");
        expect(JSON.parse(String(lead.age_bands))).toEqual([age1, age2]);
        expect(lead.time_available).toBe(`${time1},${time2}`);
        expect(lead.children_count).toBe(2);
        expect(JSON.parse(String(lead.focus_areas))).toEqual(focus);
        expect(JSON.parse(String(lead.goals))).toEqual(goals);
        expect(lead.biggest_concern).toBe(concern);
        expect(lead.clicked_roadmap_button).toBe(1);
        expect(lead.plan_chosen).toBe(plan.id);
        expect(lead.billing_cycle).toBe("yearly");
        expect(lead.lead_source).toBe("main_funnel");
      },
    );

    if (formChecks)
      // @js-off: with JavaScript the Continue buttons stay disabled until a step is complete.
      test("step validation shows each rule's message (server-side without JavaScript)", { tag: "@js-off" }, async ({ page }) => {
        await page.goto(pathIn(v, "form"));
        await page.getByRole("button", { name: form.step1.continue, exact: true }).click();
        await expect(page.getByText(form.step1.errors.ageBand)).toBeVisible();
        await expect(page.getByText(form.step1.errors.time)).toBeVisible();

        await chooseStep1(page, v);
        await page.getByRole("button", { name: form.step1.continue, exact: true }).click();
        await expect(page.getByText("Step 2 of 3")).toBeVisible();
        await page.getByRole("button", { name: form.step2.continue }).click();
        await expect(page.getByText(form.step2.errors.focus)).toBeVisible();
        await expect(page.getByText(form.step2.errors.goals)).toBeVisible();
        await expect(page.getByText(form.step2.errors.concern)).toBeVisible();
      });

    if (formChecks)
      // @js-on: disabled buttons are a JavaScript enhancement.
      test("Continue stays disabled until the step is complete (JavaScript on)", { tag: "@js-on" }, async ({ page }) => {
        await page.goto(pathIn(v, "form"));
        const next = page.getByRole("button", { name: form.step1.continue, exact: true });
        await expect(next).toBeDisabled();
        await page.locator("select[name='children[0].ageBand']").selectOption(options.ageBands[0].value);
        await expect(next).toBeDisabled();
        await page.locator("select[name='children[0].time']").selectOption(options.time[0].value);
        await expect(next).toBeEnabled();
        await page.getByRole("button", { name: form.step1.add }).click();
        await expect(next).toBeDisabled();
        // Remove only shows while more than one entry exists.
        await page.getByRole("button", { name: form.step1.remove.replace("{number}", "2") }).click();
        await expect(page.getByRole("button", { name: /Remove/ })).toHaveCount(0);
        await expect(next).toBeEnabled();
      });
  });

  test.describe(`pricing without a browser: ${v.key}`, { tag: "@http" }, () => {
    test("prices for every plan in both cycles on /pricing", async ({ request }) => {
      for (const cycle of ["monthly", "yearly"] as const) {
        const { html } = await getHtml(request, pathIn(v, "pricing", { cycle }));
        for (const plan of plans) {
          // The plan's card: from its data-plan to the next card's.
          const start = html.indexOf(`data-plan="${plan.id}"`);
          expect(start, `${plan.id} ${cycle}`).toBeGreaterThan(0);
          const next = html.indexOf("data-plan=", start + 1);
          const card = html.slice(start, next < 0 ? undefined : next);
          const byTestId = (id: string) => textOf(new RegExp(`data-testid="${id}"[^>]*>([\\s\\S]*?)</`).exec(card)?.[1] ?? "");
          expect(["h2", "h3", "h4"].flatMap((tag) => elements(card, tag).map((heading) => heading.text))).toContain(plan.name);
          expect(byTestId("price")).toBe(formatPrice(pricePerMonth(plan, cycle)));
          if (cycle === "yearly") expect(byTestId("saving")).toContain(formatPrice(yearlySaving(plan)));
          const [button] = elements(card, "a");
          expect(button?.attrs.href).toBe(pathIn(v, "form"));
          if (plan.status === "in-preparation") expect(button.text).toBe("Join Waitlist");
        }
      }
    });
  });
}

test.describe("funnel rules (server)", () => {
  const v = variants[0];
  const options = getPage(v.key, "options");

  // @js-on: busy labels are a JavaScript enhancement.
  test("each step shows its busy label while it is saved (JavaScript on)", { tag: "@js-on" }, async ({ page }) => {
    const form = getPage(v.key, "form");
    // Each form post is held while its busy state is checked.
    const posts = await holdPosts(page, "**/form*");
    await page.goto(pathIn(v, "form"));
    const next = page.getByRole("button", { name: form.step1.continue, exact: true });
    await expect(next).toBeDisabled(); // hydrated
    await chooseStep1(page, v);
    await next.click();
    await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
    await posts.release();

    await expect(page.getByText("Step 2 of 3")).toBeVisible();
    await chooseStep2(page, v);
    await page.getByRole("button", { name: form.step2.continue }).click();
    await expect(page.getByRole("button", { name: "Creating Your Plan..." })).toBeDisabled();
    await posts.release();

    await expect(page.getByText("Step 3 of 3")).toBeVisible();
    await page.getByLabel(form.step3.emailLabel).fill(uniqueEmail("busy"));
    await page.getByRole("button", { name: form.step3.submit }).click();
    await expect(page.getByRole("button", { name: "Getting Started..." })).toBeDisabled();
    await posts.release();
    await expect(page).toHaveURL(/\/roadmap/);
  });

  test("roadmap and plans redirect to the form without an e-mail in the session", { tag: "@http" }, async ({ request }) => {
    for (const page of ["roadmap", "plans"]) {
      const response = await request.get(pathIn(v, page), { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers()["location"]).toBe(pathIn(v, "form"));
    }
  });

  test("an unknown option value is a 400 with nothing written; a valid post writes one row", { tag: "@http" }, async ({ request }) => {
    const tag = `unknown-${Date.now()}`;
    await landOn(request, v, { utm_source: tag });
    const bad = await request.post(pathIn(v, "form"), {
      form: {
        step: "1",
        intent: "continue",
        "children[0].ageBand": "not-a-band",
        "children[0].time": options.time[0].value,
        ...(await personStamp()),
      },
      maxRedirects: 0,
    });
    expect(bad.status()).toBe(400);
    expect(await bad.text()).toContain(getPage(v.key, "form").unknownOption);
    expect(await queryD1(`SELECT id FROM ${v.table} WHERE utm_source = ${sqlString(tag)}`)).toHaveLength(0);

    const good = { step: "1", intent: "continue", ...stepAnswers(v)[1], ...(await personStamp()) };
    expect((await request.post(pathIn(v, "form"), { form: good, maxRedirects: 0 })).status()).toBe(302);
    // Submitting step 1 again (double submit, or Back) updates the same lead.
    expect((await request.post(pathIn(v, "form"), { form: good, maxRedirects: 0 })).status()).toBe(302);
    expect(await queryD1(`SELECT id FROM ${v.table} WHERE utm_source = ${sqlString(tag)}`)).toHaveLength(1);
  });

  test("the pro plan is refused on /plans and nothing is written", { tag: "@http" }, async ({ request }) => {
    const email = uniqueEmail("pro");
    await postSteps(request, v, email);
    const refused = await request.post(pathIn(v, "plans"), { form: { plan: "pro", cycle: "monthly" }, maxRedirects: 0 });
    expect(refused.status()).toBe(400);
    const [lead] = await queryD1(`SELECT plan_chosen FROM ${v.table} WHERE email = ${sqlString(email)}`);
    expect(lead.plan_chosen).toBeNull();

    const accepted = await request.post(pathIn(v, "plans"), { form: { plan: "growth", cycle: "monthly" }, maxRedirects: 0 });
    expect(accepted.status()).toBe(302);
    const [chosen] = await queryD1(`SELECT plan_chosen, billing_cycle FROM ${v.table} WHERE email = ${sqlString(email)}`);
    expect(chosen).toEqual({ plan_chosen: "growth", billing_cycle: "monthly" });
  });
});
