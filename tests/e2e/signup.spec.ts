import { getPage } from "../../content/index";
import { TOO_MANY_SIGN_IN_ATTEMPTS } from "../../app/auth/rate-limit.server";
import { seedStatements } from "../../scripts/lib/seed-data.mjs";
import { confirmationLink, createConfirmedAccount, signIn, signUpAndConfirm, useDistinctClientIp } from "./auth-helpers";
import {
  alternatingModes,
  LIVE_URL,
  MAIN_URL,
  bookablePlan,
  expect,
  outbox,
  pathIn,
  personStamp,
  postPlan,
  postSteps,
  queryD1,
  sqlString,
  test,
  uniqueEmail,
  variants,
  waitForHydration,
  holdPosts,
} from "./fixtures";
import { elements, getHtml, mainOf, tags, textOf } from "./http";

// One variant per domain: accounts are one code path and one table; the sign-up copy and the mails
// differ between the domains only. What the server writes on the pages (copy, links, prefill) is
// checked over HTTP in all three variants; the browser walks the posts and clicks.
const cases = variants.filter((v) => v.key === "genius" || v.key === "tennis");
const PASSWORD = "correct-horse-42";

for (const v of cases) {
  const copy = getPage(v.key, "signup");
  const m = copy.messages;
  const usersWith = (email: string) => queryD1(`SELECT * FROM users WHERE email = ${sqlString(email)}`);
  const welcomeMails = async (page: Parameters<typeof outbox>[0], email: string) =>
    (await outbox(page, email)).filter((mail) => mail.template === "welcome");

  test.describe(`signup: ${v.key}`, () => {
    const mode = alternatingModes(v, cases);
    test.beforeEach(async ({ page }) => {
      await useDistinctClientIp(page);
    });

    test("sign up, confirm by e-mail, one users row and one welcome e-mail, sign out, sign in", mode(), async ({ page, jsEnabled }) => {
      const email = uniqueEmail(`signup-${v.key}`);
      await signUpAndConfirm(page, v, { email, password: PASSWORD, name: "Ann Lee" });

      await expect(page.getByTestId("check-mark")).toBeVisible();
      await expect(page.getByText(copy.confirm.emailSent)).toBeVisible();
      await expect(page.getByTestId("email-sent")).toHaveText(copy.confirm.emailSentTick);
      await expect(page.getByText(copy.confirm.spamHint)).toBeVisible();
      // The variant stays in the URL.
      if (v.variant.domain === "champion") expect(new URL(page.url()).searchParams.get("sport")).toBe(v.variant.sport);

      const rows = await usersWith(email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ email, name: "Ann Lee" });
      const welcome = await welcomeMails(page, email);
      expect(welcome).toHaveLength(1);
      expect(welcome[0].subject).toMatch(/^You're in! Welcome to \S.*$/);
      expect(welcome[0].subject).toContain(getPage(v.key, "site").title);
      expect(welcome[0].status).toBe("sent");
      expect(welcome[0].text).toContain("Not selected");
      // SPEC 7.2: an origin-based share link with an 8-character code.
      expect(welcome[0].text).toMatch(new RegExp(`${MAIN_URL.replace(/\./g, "\\.")}/\\S*[?&]r=[A-Z2-7]{8}\\b`));

      // An account is past the line: its share block promises no move up the list (the status page's words).
      const brand = getPage(v.key, "site").title;
      const pastTheLine = getPage(v.key, "waitlist").status.shareAdmitted;
      await expect(page.getByText(pastTheLine.text)).toBeVisible();
      await expect(page.getByText(getPage(v.key, "confirm").vip.text.replace("{brand}", brand))).toHaveCount(0);

      // A reload writes no second row and sends no second e-mail.
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.confirm.success);
      expect(await usersWith(email)).toHaveLength(1);
      expect(await welcomeMails(page, email)).toHaveLength(1);

      await page.getByRole("button", { name: copy.confirm.signOut }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/signup" && url.searchParams.get("mode") === "signin");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.signin.title);
      await page.goto(pathIn(v, "signup-confirm"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.confirm.checkEmail);

      // A wrong password and an unknown e-mail get the same answer.
      const attempt = async (address: string, password: string) => {
        await page.goto(pathIn(v, "signup", { mode: "signin" }));
        await page.getByLabel(copy.fields.email, { exact: true }).fill(address);
        await page.getByLabel(copy.fields.password, { exact: true }).fill(password);
        await page.getByRole("button", { name: copy.signin.submit, exact: true }).click();
        const alert = page.getByRole("alert");
        await expect(alert).toBeVisible();
        return alert.innerText();
      };
      const wrongPassword = await attempt(email, "not-the-password");
      const unknownEmail = await attempt(uniqueEmail("nobody"), "not-the-password");
      expect(wrongPassword.trim()).not.toBe("");
      expect(unknownEmail).toBe(wrongPassword);
      await expect(page).toHaveURL((url) => url.pathname === "/signup");

      const mailsBeforeSignIn = (await outbox(page, email)).length;
      const signingIn = signIn(page, v, email, PASSWORD);
      if (jsEnabled) {
        await expect(page.getByRole("status")).toHaveText(m.signInSuccess);
        await expect(page.getByRole("status")).toHaveClass(/text-green/);
      }
      await signingIn;
      // Signing in to the account made above: a greeting, never "Account created", and no mail.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.confirm.welcomeBack);
      await expect(page.getByText(copy.confirm.signedInAs.replace("{email}", email))).toBeVisible();
      await expect(page.getByText(copy.confirm.success)).toHaveCount(0);
      await expect(page.getByRole("link", { name: copy.confirm.adminConsole })).toHaveCount(0);
      expect(await usersWith(email)).toHaveLength(1);
      expect(await outbox(page, email)).toHaveLength(mailsBeforeSignIn);
    });

    test("every sign-up rule shows its message under the field", mode(), async ({ page, jsEnabled }) => {
      await page.goto(pathIn(v, "signup"));
      const submit = page.getByRole("button", { name: copy.signup.submit, exact: true });
      const error = (field: string) => page.getByTestId(`error-${field}`);
      const field = (label: string) => page.getByLabel(label, { exact: true });

      let posts = 0;
      page.on("request", (request) => {
        if (request.method() === "POST") posts += 1;
      });

      await submit.click();
      await expect(error("email")).toHaveText(m.emailRequired);
      await expect(error("name")).toHaveText(m.nameRequired);
      await expect(error("password")).toHaveText(m.passwordRequired);
      await expect(error("confirmPassword")).toHaveText(m.confirmRequired);
      // Each message is tied to its input for screen readers.
      await expect(field(copy.fields.email)).toHaveAttribute("aria-invalid", "true");

      const email = uniqueEmail("invalid").replace("@", "-at-");
      await field(copy.fields.email).fill(email);
      await field(copy.fields.name).fill("   ");
      await field(copy.fields.password).fill("short");
      await field(copy.fields.confirmPassword).fill("other");
      await submit.click();
      await expect(error("email")).toHaveText(m.emailInvalid);
      await expect(error("name")).toHaveText(m.nameRequired);
      await expect(error("password")).toHaveText(m.passwordTooShort);
      await expect(error("confirmPassword")).toHaveText(m.passwordsMismatch);

      // Without JavaScript the server answered (and kept the e-mail, never the passwords);
      // with it the browser did, without a request.
      if (jsEnabled) expect(posts).toBe(0);
      else {
        expect(posts).toBe(2);
        await expect(field(copy.fields.email)).toHaveValue(email);
        await expect(field(copy.fields.password)).toHaveValue("");
      }
      expect(await queryD1(`SELECT id FROM accounts WHERE email = ${sqlString(email)}`)).toHaveLength(0);
    });

    test("mode toggle, errors cleared, and the password toggle", mode(), async ({ page, jsEnabled }) => {
      await page.goto(pathIn(v, "signup", { email: uniqueEmail("prefill") }));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.signup.title);

      const password = page.getByLabel(copy.fields.password, { exact: true });
      if (jsEnabled) {
        await password.fill("secret-value");
        await page.getByRole("button", { name: copy.fields.showPassword }).click();
        await expect(password).toHaveAttribute("type", "text");
        await page.getByRole("button", { name: copy.fields.hidePassword }).click();
        await expect(password).toHaveAttribute("type", "password");
      }

      // Errors, then the toggle: the other mode starts clean.
      await page.getByLabel(copy.fields.email, { exact: true }).fill("");
      await page.getByRole("button", { name: copy.signup.submit, exact: true }).click();
      await expect(page.getByTestId("error-email")).toHaveText(m.emailRequired);
      await page.getByRole("link", { name: copy.signup.toggle }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get("mode") === "signin");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.signin.title);
      await expect(page.locator("[data-testid^='error-']")).toHaveCount(0);

      // A failed sign-in shows its message; toggling back clears it.
      await page.getByLabel(copy.fields.email, { exact: true }).fill(uniqueEmail("nobody"));
      await page.getByLabel(copy.fields.password, { exact: true }).fill("whatever");
      await page.getByRole("button", { name: copy.signin.submit, exact: true }).click();
      await expect(page.getByRole("alert")).toBeVisible();
      await expect(page.getByRole("alert")).toHaveClass(/text-red/);
      await page.getByRole("link", { name: copy.signin.toggle }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.signup.title);
      await expect(page.getByRole("alert")).toHaveCount(0);
    });

    // @js-on: busy labels need JavaScript. One variant: the labels are the page's copy, the same code in both.
    if (v === cases[0])
      test("busy labels disable the button while the request runs", { tag: "@js-on" }, async ({ page }) => {
        const posts = await holdPosts(page, /\/signup\.data/);
        await page.goto(pathIn(v, "signup", { mode: "signin" }));
        await waitForHydration(page);
        await page.getByLabel(copy.fields.email, { exact: true }).fill(uniqueEmail("busy"));
        await page.getByLabel(copy.fields.password, { exact: true }).fill("whatever");
        await page.getByRole("button", { name: copy.signin.submit, exact: true }).click();
        const busy = page.getByRole("button", { name: copy.signin.busy });
        await expect(busy).toBeVisible();
        await expect(busy).toBeDisabled();
        await posts.release();
        await expect(page.getByRole("alert")).toBeVisible();

        await page.getByRole("link", { name: copy.signin.toggle }).click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.signup.title);
        const email = uniqueEmail("busy-signup");
        await page.getByLabel(copy.fields.email, { exact: true }).fill(email);
        await page.getByLabel(copy.fields.name, { exact: true }).fill("Busy Bee");
        await page.getByLabel(copy.fields.password, { exact: true }).fill(PASSWORD);
        await page.getByLabel(copy.fields.confirmPassword, { exact: true }).fill(PASSWORD);
        await page.getByRole("button", { name: copy.signup.submit, exact: true }).click();
        await expect(page.getByRole("button", { name: copy.signup.busy })).toBeDisabled();
        await posts.release();
        await expect(page).toHaveURL((url) => url.pathname === "/signup-confirm");
        expect(await confirmationLink(page, email)).toContain("token=");
      });
  });
}

for (const v of variants) {
  const copy = getPage(v.key, "signup");
  test.describe(`signup without a browser: ${v.key}`, { tag: "@http" }, () => {
    test("the sign-up page: its copy, links, the e-mail prefilled, no plan, no password toggle before JavaScript", async ({ request }) => {
      const prefill = uniqueEmail("prefill");
      const { status, html } = await getHtml(request, pathIn(v, "signup", { email: prefill }));
      expect(status).toBe(200);
      expect(elements(html, "h1").map((h1) => h1.text)).toEqual([copy.signup.title]);
      const main = mainOf(html);
      expect(textOf(main)).toContain(copy.signup.subtitle);
      expect(tags(main, "input").find((input) => input.name === "email")?.value).toBe(prefill);
      const href = (text: string) => elements(main, "a").find((a) => a.text === text)?.attrs.href;
      expect(href(copy.legal.terms)).toBe(pathIn(v, "terms"));
      expect(href(copy.legal.privacy)).toBe(pathIn(v, "privacy"));
      expect(href(copy.assessment.link)).toBe(pathIn(v, "form"));
      expect(href(copy.signup.toggle)).toBe(pathIn(v, "signup", { mode: "signin" }));
      expect(main).not.toContain('data-testid="chosen-plan"');
      // Without JavaScript the toggle could do nothing: the server's page has none.
      expect(tags(main, "button").map((button) => button["aria-label"])).not.toContain(copy.fields.showPassword);
    });

    test("the sign-in page: its copy and button, no name and no repeated password, no errors", async ({ request }) => {
      const { status, html } = await getHtml(request, pathIn(v, "signup", { mode: "signin" }));
      expect(status).toBe(200);
      expect(elements(html, "h1").map((h1) => h1.text)).toEqual([copy.signin.title]);
      const main = mainOf(html);
      expect(textOf(main)).toContain(copy.signin.subtitle);
      const names = tags(main, "input").map((input) => input.name);
      expect(names).toEqual(expect.arrayContaining(["email", "password"]));
      expect(names).not.toContain("name");
      expect(names).not.toContain("confirmPassword");
      expect(elements(main, "button").map((button) => button.text)).toContain(copy.signin.submit);
      expect(main).not.toMatch(/data-testid="error-/);
    });

    test("without a session /signup-confirm only asks to check the e-mail; a forged link is refused", async ({ request }) => {
      const { status, html } = await getHtml(request, pathIn(v, "signup-confirm"));
      expect(status).toBe(200);
      expect(elements(html, "h1").map((h1) => h1.text)).toEqual([copy.confirm.checkEmail]);
      const main = mainOf(html);
      const login = elements(main, "a").find((a) => a.text.includes(copy.confirm.loginLabel));
      expect(login?.attrs.href).toMatch(/^https:\/\//);
      expect(login?.attrs.target).toBe("_blank");
      expect(login?.attrs.rel).toMatch(/noopener/);
      expect(textOf(main)).not.toContain(copy.confirm.success);

      // A forged or used link is refused and signs nobody in.
      const forged = await getHtml(request, pathIn(v, "signup-confirm", { token: "forged.1.token" }));
      expect(forged.status).toBe(400);
      expect(mainOf(forged.html)).toContain('role="alert"');
      expect(elements(forged.html, "h1").map((h1) => h1.text)).toEqual([copy.confirm.checkEmail]);
    });
  });
}

// @js-off: the sign-out button is walked with JavaScript on and off above; what this adds is the server forgetting the session.
test(
  "sign-out ends the session everywhere: a cookie captured before it no longer signs anyone in",
  { tag: "@js-off" },
  async ({ page, browser, jsEnabled }) => {
    const v = cases[0];
    const copy = getPage(v.key, "signup");
    const email = uniqueEmail("revoked");
    await createConfirmedAccount(email, PASSWORD);
    await signIn(page, v, email, PASSWORD);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.confirm.welcomeBack);
    const captured = await page.context().cookies();
    expect(captured.some((cookie) => cookie.name === "__session")).toBe(true);

    await page.getByRole("button", { name: copy.confirm.signOut }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/signup" && url.searchParams.get("mode") === "signin");

    // Someone kept a copy of the cookie from before the sign-out: it opens nothing.
    const replay = await browser.newContext({ javaScriptEnabled: jsEnabled });
    try {
      await replay.addCookies(captured);
      const thief = await replay.newPage();
      await thief.goto(`${MAIN_URL}${pathIn(v, "signup-confirm")}`);
      await expect(thief.getByRole("heading", { level: 1 })).toHaveText(copy.confirm.checkEmail);
      await expect(thief.getByText(copy.confirm.welcomeBack)).toHaveCount(0);
    } finally {
      await replay.close();
    }
  },
);

// @js-on: the sign-in form is walked with JavaScript on and off above; what this adds is the server's answer to the seeded admin.
test(
  "the seeded QA admin signs in: no mail, never 'Account created', a link on to the console; a reload sends none either",
  { tag: "@js-on" },
  async ({ page }) => {
    const v = cases[1];
    const copy = getPage(v.key, "signup");
    // The admin exactly as `npm run seed` writes it (its first statement), under an address of this test.
    const email = uniqueEmail("qa-admin");
    await queryD1(seedStatements({ adminEmail: email, adminPassword: PASSWORD })[0]);

    await signIn(page, v, email, PASSWORD);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.confirm.welcomeBack);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.confirm.welcomeBack);
    await expect(page.getByText(copy.confirm.success)).toHaveCount(0);
    expect(await outbox(page, email)).toEqual([]);

    await page.getByRole("link", { name: copy.confirm.adminConsole }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/admin/leads" && url.searchParams.get("sport") === "tennis");
    expect(await outbox(page, email)).toEqual([]);
  },
);

// @js-off: the sign-up form is walked with JavaScript on and off above; what this adds is the server's answer to a taken address.
test(
  "sign-up with an address that has an account answers like a new sign-up; the owner gets an e-mail",
  { tag: "@js-off" },
  async ({ page }) => {
    const v = cases[1];
    const copy = getPage(v.key, "signup");
    const email = uniqueEmail("existing");
    await createConfirmedAccount(email, PASSWORD);
    await useDistinctClientIp(page);

    await page.goto(pathIn(v, "signup"));
    await page.getByLabel(copy.fields.email, { exact: true }).fill(email);
    await page.getByLabel(copy.fields.name, { exact: true }).fill("Someone Else");
    await page.getByLabel(copy.fields.password, { exact: true }).fill("another-password-1");
    await page.getByLabel(copy.fields.confirmPassword, { exact: true }).fill("another-password-1");
    await page.getByRole("button", { name: copy.signup.submit, exact: true }).click();
    // The same page a new sign-up lands on, with no hint that the address is taken.
    await expect(page).toHaveURL((url) => url.pathname === "/signup-confirm" && url.searchParams.get("sport") === "tennis");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.confirm.checkEmail);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByText(/already registered/i)).toHaveCount(0);

    let mails: Awaited<ReturnType<typeof outbox>> = [];
    await expect(async () => {
      mails = await outbox(page, email);
      expect(mails.map((mail) => mail.template)).toEqual(["account-exists"]);
    }).toPass({ timeout: 10_000 });
    expect(mails[0].subject).toBe(`You already have an account with ${v.title}`);
    expect(mails[0].text).toContain("https://app.aiparenting.example/login");
    expect(mails[0].text).not.toContain("Someone Else");
    expect(await queryD1(`SELECT id FROM accounts WHERE email = ${sqlString(email)}`)).toHaveLength(1);
  },
);

// The limits are the server's: plain posts, no browser.
test(
  "failed sign-ins from other IPs cannot lock the owner out; one IP is limited per e-mail (429)",
  { tag: "@http" },
  async ({ request }) => {
    const email = uniqueEmail("lockout");
    await createConfirmedAccount(email, PASSWORD);
    const signInUrl = `${MAIN_URL}${pathIn(cases[0], "signup", { mode: "signin" })}`;
    const attempt = (password: string, ip: string) =>
      request.post(signInUrl, {
        form: { mode: "signin", email, password },
        headers: { "CF-Connecting-IP": ip },
        maxRedirects: 0,
      });
    const someIp = () =>
      `10.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;

    // 21 wrong passwords for the owner's e-mail from as many addresses: each gets its answer, nobody is locked out.
    const fromMany: number[] = [];
    for (let i = 0; i < 21; i++)
      fromMany.push((await attempt("wrong-password", `10.201.${i}.${Math.floor(Math.random() * 250) + 1}`)).status());
    expect(fromMany).toEqual(Array(21).fill(400));
    const owner = await attempt(PASSWORD, someIp());
    expect(owner.status()).toBe(302);
    expect(new URL(owner.headers()["location"], MAIN_URL).pathname).toBe("/signup-confirm");

    // One address trying one account is limited (5 a minute); 11 tries within a minute span at most two windows.
    const ip = someIp();
    const answers: { status: number; body: string }[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await attempt("wrong-password", ip);
      answers.push({ status: response.status(), body: await response.text() });
    }
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused, answers.map((answer) => answer.status).join(",")).toBeDefined();
    expect(refused!.body).toContain(TOO_MANY_SIGN_IN_ATTEMPTS);
  },
);

// The limit is the server's: plain posts, no browser.
test("sign-up attempts per e-mail are limited: a 429 with the page's message", { tag: "@http" }, async ({ request }) => {
  const copy = getPage(cases[0].key, "signup");
  const email = uniqueEmail("signup-limited");
  const answers: { status: number; body: string }[] = [];
  // 10 a minute are allowed; 21 attempts within a minute span at most two windows, so one refusal is certain.
  for (let i = 0; i < 21; i++) {
    const response = await request.post(`${MAIN_URL}${pathIn(cases[0], "signup")}`, {
      form: { mode: "signup", email, name: "Limit Tester", password: PASSWORD, confirmPassword: PASSWORD, ...(await personStamp()) },
      // Different visitors, one address: the per-e-mail limit answers.
      headers: { "CF-Connecting-IP": `10.202.${i}.${Math.floor(Math.random() * 250) + 1}` },
      maxRedirects: 0,
    });
    answers.push({ status: response.status(), body: await response.text() });
  }
  expect(answers[0].status).toBe(302);
  const refused = answers.find((answer) => answer.status === 429);
  expect(refused, answers.map((answer) => answer.status).join(",")).toBeDefined();
  expect(refused!.body).toContain(copy.messages.tooManySignUps);
  expect(copy.messages.tooManySignUps).toBe("Too many sign-up attempts. Please wait a minute and try again.");
  expect(await queryD1(`SELECT id FROM accounts WHERE email = ${sqlString(email)}`)).toHaveLength(1);
});

// What the server writes on /signup for a chosen plan: read from its HTML.
test("live: a plan chosen on /plans leads to /signup showing the plan and billing cycle", { tag: "@http" }, async ({ request }) => {
  const v = cases[1];
  const plan = bookablePlan(v);
  const copy = getPage(v.key, "signup");

  const email = uniqueEmail("live-plan");
  await postSteps(request, v, email, LIVE_URL);
  const chosen = await postPlan(request, v, { cycle: "yearly", server: LIVE_URL });
  const location = chosen.headers()["location"];
  expect(new URL(location, LIVE_URL).pathname).toBe("/signup");

  const { html } = await getHtml(request, new URL(location, LIVE_URL).toString());
  expect(elements(html, "h1").map((h1) => h1.text)).toEqual([copy.signup.title]);
  const plans = elements(html, "p").filter((p) => p.attrs["data-testid"] === "chosen-plan");
  expect(plans).toHaveLength(1);
  expect(plans[0].text).toContain(plan.name);
  expect(plans[0].text).toContain(copy.plan.cycles.yearly);
  // The e-mail given in the funnel is prefilled.
  expect(tags(mainOf(html), "input").find((input) => input.name === "email")?.value).toBe(email);
});
