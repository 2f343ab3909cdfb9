import { getPage } from "../../content/index";
import {
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
  type OutboxMail,
  type VariantCase,
  holdPosts,
  landOn,
} from "./fixtures";
import { byTestId, elements, fieldValue, getHtml, mainOf, outboxOf, tags, textOf } from "./http";

/**
 * SPEC 2.12, 4.3, 5, 7.2: the free guide and free tips funnels in every variant. What differs per
 * variant (copy, links, the share link, the mail, the table) is checked over HTTP in all three; the
 * form is one component, walked in a browser in one variant with JavaScript on and off.
 */
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

/** The one mail the funnel sent: the variant's subject and the funnel's template. */
function expectOneMail(mails: OutboxMail[], v: VariantCase, funnel: (typeof funnels)[number]) {
  expect(mails).toHaveLength(1);
  expect(mails[0].subject).toBe(funnel.subject(v.title));
  expect(mails[0].template).toBe(funnel.kind);
}

/** The one lead the funnel wrote in the variant's table, with the answers given and the friend who referred it. */
async function expectLead(
  v: VariantCase,
  email: string,
  funnel: (typeof funnels)[number],
  { code, band, chosen }: { code: string; band: string; chosen: string[] },
) {
  const [lead, ...others] = await leadsFor(v, email);
  expect(others).toHaveLength(0);
  expect(lead.lead_source).toBe(funnel.source);
  expect(lead.step_completed).toBe(1);
  expect(lead.ref_code).toBe(code);
  expect(lead.hashed_email).toMatch(/^[0-9a-f]{12}$/);
  expect(JSON.parse(lead.age_bands)).toEqual([band]);
  expect(JSON.parse(lead.goals)).toEqual(chosen);
  expect(lead.referred_by).toBe("FRIEND42");
}

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

// The browser walk: one variant, each funnel with JavaScript on and off.
for (const v of variants.filter((found) => found.key === "genius")) {
  for (const funnel of funnels) {
    const copy = getPage(v.key, funnel.kind);
    const formPath = pathIn(v, `${funnel.kind}-form`);

    test.describe(`${funnel.kind} funnel: ${v.key}`, () => {
      test("the form ends on the confirm page with one e-mail and a lead with the right source", async ({ page, jsEnabled }) => {
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

        expectOneMail(await outbox(page, email), v, funnel);
        await expectLead(v, email, funnel, { code, band, chosen });

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
}

// Every variant: each has its own guide and tips copy, answer lists, table and mails.
for (const v of variants) {
  test.describe(`guide and tips checks without a browser: ${v.key}`, { tag: "@http" }, () => {
    for (const funnel of funnels) {
      const copy = getPage(v.key, funnel.kind);
      const formPath = pathIn(v, `${funnel.kind}-form`);

      test(`${funnel.kind}: the landing page shows the listed icons, and every call to action leads to the form`, async ({ request }) => {
        const { status, html } = await getHtml(request, pathIn(v, funnel.kind));
        expect(status).toBe(200);
        expect(elements(html, "h1").map((h1) => h1.text)).toEqual([copy.landing.hero.title]);
        const inside = /<section\b[^>]*aria-labelledby="inside-title"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
        const icons = elements(inside, "li").map((li) => tags(li.html, "svg")[0]?.class ?? "");
        expect(icons).toHaveLength(4);
        funnel.icons.forEach((icon, index) => expect(icons[index]).toContain(`lucide-${icon}`));

        const ctas = elements(mainOf(html), "a");
        expect(ctas).toHaveLength(3);
        for (const cta of ctas) expect(cta.attrs.href).toBe(formPath);
        expect(ctas.map((cta) => cta.text)).toContain(copy.landing.hero.ctaLabel);
        // A static page: no app bundle.
        expect(tags(html, "script").filter((script) => "src" in script || script.type === "module")).toEqual([]);

        const form = await getHtml(request, formPath);
        expect(elements(form.html, "h1").map((h1) => h1.text)).toEqual([copy.form.title]);
      });

      test(`${funnel.kind}: the form's post ends on the confirm page with one e-mail, the variant's share link and a lead`, async ({
        request,
      }) => {
        const email = uniqueEmail(`${funnel.kind}-${v.key}`);
        const options = getPage(v.key, "options");
        // Arriving through a friend's share link: the lead records who referred it.
        await landOn(request, v, { r: "FRIEND42" }, funnel.kind);
        expect((await getHtml(request, formPath)).status).toBe(200);
        const band = options.leadFormAgeBands[1].value;
        const chosen = [options.leadFormGoals[0].value, options.leadFormGoals[2].value];
        const form = new URLSearchParams({ email, ageBand: band, ...(await personStamp()) });
        for (const goal of chosen) form.append("goals", goal);
        const posted = await request.post(formPath, {
          data: form.toString(),
          headers: { "content-type": "application/x-www-form-urlencoded" },
          maxRedirects: 0,
        });
        expect(posted.status()).toBe(302);
        expect(posted.headers().location).toBe(pathIn(v, `${funnel.kind}-confirm`));

        const confirmPath = pathIn(v, `${funnel.kind}-confirm`);
        const first = await getHtml(request, confirmPath);
        expect(first.status).toBe(200);
        expect(elements(first.html, "h1").map((h1) => h1.text)).toEqual([copy.confirm.title]);
        expect(byTestId(first.html, "sent-to").map((p) => p.text)).toEqual([email]);
        expect(textOf(mainOf(first.html))).toContain(copy.confirm.spamReminder);
        const code = expectShareLink(fieldValue(first.html, copy.confirm.share.linkLabel) ?? "", v, funnel.kind);

        expectOneMail(await outboxOf(request, email), v, funnel);
        await expectLead(v, email, funnel, { code, band, chosen });

        // A reload sends nothing more and still shows the address and link, once the mail is out.
        await expect(async () => {
          const again = await getHtml(request, confirmPath);
          expect(textOf(mainOf(again.html))).toContain(copy.confirm.alreadySent);
          expect(byTestId(again.html, "sent-to").map((p) => p.text)).toEqual([email]);
          expect(expectShareLink(fieldValue(again.html, copy.confirm.share.linkLabel) ?? "", v, funnel.kind)).toBe(code);
          expect(elements(mainOf(again.html), "a").find((a) => a.text === copy.confirm.backHome)?.attrs.href).toBe(pathIn(v, "home"));
        }).toPass();
        expect(await outboxOf(request, email)).toHaveLength(1);
      });
    }

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
