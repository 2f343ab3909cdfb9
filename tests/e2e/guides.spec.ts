import { getPage } from "../../content/index";
import {
  alternatingModes,
  MAIN_URL,
  expect,
  outbox,
  pathIn,
  personStamp,
  queryD1,
  sqlString,
  test,
  uniqueEmail,
  variants,
  waitForHydration,
  type VariantCase,
  holdPosts,
} from "./fixtures";

/** SPEC 2.12, 4.3, 5, 7.2: the free guide and free tips funnels in every variant, JS on and off. */
const funnels = [
  {
    kind: "guide",
    source: "guide_download",
    // SPEC 7.2's words in genius; each sport names its own brand (ADR 042).
    subject: (title: string) => (title === "AI Parenting" ? "Your AI Parenting Guide is Ready!" : `Your ${title} guide is ready!`),
    icons: ["target", "calendar", "bar-chart", "heart"],
  },
  {
    kind: "tips",
    source: "tips_download",
    subject: (title: string) =>
      title === "AI Parenting" ? "Your Practical AI Parenting Tips are Here!" : `Your practical ${title} tips are here!`,
    icons: ["target", "calendar", "lightbulb", "bar-chart"],
  },
] as const;

const MISSING = "Please fill out all fields.";

type LeadRow = {
  lead_source: string;
  step_completed: number;
  ref_code: string | null;
  age_bands: string;
  goals: string;
  hashed_email: string | null;
  referred_by: string | null;
};

const leadsFor = (v: VariantCase, email: string) =>
  queryD1<LeadRow>(
    `select lead_source, step_completed, ref_code, age_bands, goals, hashed_email, referred_by from ${v.table} where email = ${sqlString(email)}`,
  );

/** The share link of SPEC 2.12: {origin}/{kind}?r={code}, keeping the champion variant. */
function expectShareLink(link: string, v: VariantCase, kind: string): string {
  const url = new URL(link);
  expect(url.origin).toBe(MAIN_URL);
  expect(url.pathname).toBe(`/${kind}`);
  if (v.variant.domain === "champion") {
    expect(url.searchParams.get("domain")).toBe("champion");
    expect(url.searchParams.get("sport")).toBe(v.variant.sport);
  } else {
    expect(url.searchParams.has("domain")).toBe(false);
  }
  const code = url.searchParams.get("r") ?? "";
  expect(code).toMatch(/^[A-Z2-7]{8}$/);
  return code;
}

// Every variant: each has its own guide and tips copy, answer lists, table and mails.
for (const v of variants) {
  const mode = alternatingModes(v);
  for (const funnel of funnels) {
    const copy = getPage(v.key, funnel.kind);
    const formPath = pathIn(v, `${funnel.kind}-form`);

    test.describe(`${funnel.kind} funnel: ${v.key}`, () => {
      // @js-on: the guide and tips landings ship no JavaScript (no `hydrate` handle).
      test("the landing page shows the listed icons and every call to action leads to the form", { tag: "@js-on" }, async ({ page }) => {
        const response = await page.goto(pathIn(v, funnel.kind));
        expect(response?.status()).toBe(200);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.landing.hero.title);
        const icons = await page
          .locator("section[aria-labelledby='inside-title'] li svg")
          .evaluateAll((svgs) => svgs.map((svg) => svg.getAttribute("class") ?? ""));
        expect(icons).toHaveLength(4);
        funnel.icons.forEach((icon, index) => expect(icons[index]).toContain(`lucide-${icon}`));

        const ctas = page.locator("main a");
        await expect(ctas).toHaveCount(3);
        for (const href of await ctas.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
          expect(href).toBe(formPath);
        }
        // A static page: no app bundle.
        expect(await page.locator("script[src], script[type='module']").count()).toBe(0);

        await ctas.first().click();
        await expect(page).toHaveURL(new RegExp(`/${funnel.kind}-form`));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.form.title);
      });

      test("the form ends on the confirm page with one e-mail and a lead with the right source", mode(), async ({ page, jsEnabled }) => {
        const email = uniqueEmail(`${funnel.kind}-${v.key}`);
        // Arriving through a friend's share link: the lead records who referred it.
        await page.goto(pathIn(v, funnel.kind, { r: "FRIEND42" }));
        await page.getByRole("link", { name: copy.landing.hero.ctaLabel }).click();
        await expect(page).toHaveURL(new RegExp(`/${funnel.kind}-form`));
        await page.getByLabel(copy.form.emailLabel).fill(email);
        const ageBand = page.locator("input[name=ageBand]").nth(1);
        const goals = page.locator("input[name=goals]");
        await ageBand.check();
        await goals.nth(0).check();
        await goals.nth(2).check();
        const band = await ageBand.inputValue();
        const chosen = [await goals.nth(0).inputValue(), await goals.nth(2).inputValue()];

        const submit = page.getByRole("button", { name: copy.form.submit });
        if (jsEnabled) {
          await waitForHydration(page);
          // The post is held while the sending label is checked.
          const posts = await holdPosts(page, /-form(\.data)?(\?|$)/);
          await submit.click();
          await expect(page.getByRole("button", { name: copy.form.busy })).toBeDisabled();
          await posts.release();
        } else {
          await submit.click();
        }

        await expect(page).toHaveURL(new RegExp(`/${funnel.kind}-confirm`));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.confirm.title);
        await expect(page.getByTestId("sent-to")).toHaveText(email);
        await expect(page.getByText(copy.confirm.spamReminder)).toBeVisible();
        const code = expectShareLink(await page.getByLabel(copy.confirm.share.linkLabel).inputValue(), v, funnel.kind);

        const mails = await outbox(page, email);
        expect(mails).toHaveLength(1);
        expect(mails[0].subject).toBe(funnel.subject(v.title));
        expect(mails[0].template).toBe(funnel.kind);

        const [lead, ...others] = await leadsFor(v, email);
        expect(others).toHaveLength(0);
        expect(lead.lead_source).toBe(funnel.source);
        expect(lead.step_completed).toBe(1);
        expect(lead.ref_code).toBe(code);
        expect(lead.hashed_email).toMatch(/^[0-9a-f]{12}$/);
        expect(JSON.parse(lead.age_bands)).toEqual([band]);
        expect(JSON.parse(lead.goals)).toEqual(chosen);
        expect(lead.referred_by).toBe("FRIEND42");

        // A reload sends nothing more and still shows the address and link.
        await page.reload();
        await expect(page.getByTestId("sent-to")).toHaveText(email);
        await expect(page.getByText(copy.confirm.alreadySent)).toBeVisible();
        expect(expectShareLink(await page.getByLabel(copy.confirm.share.linkLabel).inputValue(), v, funnel.kind)).toBe(code);
        expect(await outbox(page, email)).toHaveLength(1);

        await page.getByRole("link", { name: copy.confirm.backHome }).click();
        await expect(page).toHaveURL(new RegExp(`^${MAIN_URL}${pathIn(v, "home").replace(/[?]/g, "\\?")}$`));
      });

      // The message and the kept fields are one code path and one text in every variant: checked in one.
      if (v.key === "genius")
        test("an incomplete form shows 'Please fill out all fields.' and keeps what was typed", async ({ page, jsEnabled }) => {
          await page.goto(formPath);
          const submit = page.getByRole("button", { name: copy.form.submit });
          if (jsEnabled) {
            // Everything but a goal.
            const email = uniqueEmail(`${funnel.kind}-missing`);
            await page.getByLabel(copy.form.emailLabel).fill(email);
            await page.locator("input[name=ageBand]").first().check();
            await submit.click();
            await expect(page.getByRole("alert")).toHaveText(MISSING);
            // The alert says which field is missing: the goals, only.
            await expect(page.getByText(copy.form.errors.missing.goals)).toBeVisible();
            await expect(page.getByRole("checkbox").first()).toHaveAttribute("aria-invalid", "true");
            await expect(page.getByText(copy.form.errors.missing.email)).toHaveCount(0);
            await expect(page.getByText(copy.form.errors.missing.ageBand)).toHaveCount(0);
            await expect(page.getByLabel(copy.form.emailLabel)).toHaveValue(email);
            await expect(page.locator("input[name=ageBand]").first()).toBeChecked();
            expect(await leadsFor(v, email)).toHaveLength(0);
          } else {
            const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), submit.click()]);
            expect(response.status()).toBe(400);
            await expect(page.getByRole("alert")).toHaveText(MISSING);
            // Nothing was filled in: each of the three fields is marked.
            for (const missing of Object.values(copy.form.errors.missing)) await expect(page.getByText(missing)).toBeVisible();
            await expect(page.getByLabel(copy.form.emailLabel)).toHaveAttribute("aria-invalid", "true");
            await expect(page).toHaveURL(new RegExp(`/${funnel.kind}-form`));
          }
        });
    });
  }

  test.describe(`guide and tips checks without a browser: ${v.key}`, { tag: "@http" }, () => {
    test("an option outside the variant's lists is a 400 and writes nothing", async ({ request }) => {
      const email = uniqueEmail(`unknown-${v.key}`);
      const options = getPage(v.key, "options");
      const cases = [
        { email, ageBand: "not-a-band", goals: options.leadFormGoals[0].value },
        { email, ageBand: options.leadFormAgeBands[0].value, goals: "not-a-goal" },
      ];
      for (const form of cases) {
        const response = await request.post(pathIn(v, "tips-form"), { form: { ...form, ...(await personStamp()) }, maxRedirects: 0 });
        expect(response.status()).toBe(400);
        expect(await response.text()).toContain(MISSING);
      }
      expect(await leadsFor(v, email)).toHaveLength(0);
    });

    test("a confirm page without a submitted form goes back to the form", async ({ request }) => {
      for (const kind of ["guide", "tips"]) {
        const response = await request.get(pathIn(v, `${kind}-confirm`), { maxRedirects: 0 });
        expect(response.status()).toBe(302);
        expect(response.headers().location).toBe(pathIn(v, `${kind}-form`));
      }
    });
  });
}
