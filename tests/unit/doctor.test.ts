import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseSecretsFile, previewUrlFromJson, readDeployConfig } from "../../scripts/lib/deploy-config.mjs";
import { checkDeployConfig, mailFromDomain, siteDomains } from "../../scripts/lib/doctor-checks.mjs";
import { ConfigError, parseEnv } from "~/utils/env.server";

/** A configuration with its secret names read (the online and --secrets-file cases). */
type Config = Parameters<typeof checkDeployConfig>[0] & { secretNames: string[] };

const productionVars = {
  GENIUS_HOSTS: "aiparenting.com,www.aiparenting.com",
  CHAMPION_HOSTS: "champion.coach,www.champion.coach",
  APP_SIGNIN_URL: "https://app.aiparenting.com/login",
  LAUNCH_MODE: "live",
  QA_PAGES: "off",
  PREVIEW_MODE: "off",
  MAIL_TRANSPORT: "resend",
  MAIL_FROM: "AI Parenting <no-reply@mail.aiparenting.com>",
  PIXEL_ID_GENIUS: "123456789012345",
  PIXEL_ID_CHAMPION: "",
  CONTROLLER_NAME: "AI Parenting s.r.o.",
  CONTROLLER_ADDRESS: "Na Příkopě 1, 110 00 Prague 1, Czech Republic",
  CONTROLLER_EMAIL: "privacy@aiparenting.com",
};
const secretValues = {
  SESSION_SECRET: "s".repeat(32) + ",old-secret",
  RESEND_API_KEY: "re_123",
  RESEND_WEBHOOK_SECRET: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
};
const d1 = { database_name: "parent-coach-funnel-production", database_id: "6f0c1e0a-1b2c-4d5e-8f90-a1b2c3d4e5f6" };
const previewD1 = { database_name: "parent-coach-funnel-preview", database_id: "0a9b8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d" };

const production = (): Config => ({
  target: "production",
  vars: { ...productionVars },
  secretNames: Object.keys(secretValues),
  secretValues: { ...secretValues },
  d1: { ...d1 },
  previewD1: { ...previewD1 },
  previewEnvD1: { ...previewD1 },
  card: { service: "parent-coach-card-production", worker: "parent-coach-card-production" },
});
const preview = (): Config => ({
  ...production(),
  target: "preview",
  vars: { ...productionVars, QA_PAGES: "on", PREVIEW_MODE: "on", PREVIEW_MAIL_ALLOW: "@aiparenting.com,qa@champion.coach" },
});

/** The single refusal a change to a complete configuration causes. */
function onlyRefusal(config: Config) {
  const { refusals } = checkDeployConfig(config);
  expect(refusals).toHaveLength(1);
  return refusals[0];
}

describe("checkDeployConfig: a complete configuration", () => {
  it("passes for production and for a preview", () => {
    for (const config of [production(), preview()]) {
      const report = checkDeployConfig(config);
      expect(report.refusals).toEqual([]);
      expect(report.warnings).toEqual([]);
    }
  });

  it("is one the Worker itself accepts (app/utils/env.server.ts)", () => {
    expect(() => parseEnv({ ...productionVars, ...secretValues })).not.toThrow();
  });
});

describe("checkDeployConfig refuses, one line naming the fix", () => {
  const cases: [string, (config: Config) => void, RegExp][] = [
    ["the outbox transport in production", (c) => (c.vars.MAIL_TRANSPORT = "outbox"), /MAIL_TRANSPORT=outbox .*"resend"/],
    [
      "Resend without its API key",
      (c) => (c.secretNames = c.secretNames.filter((n) => n !== "RESEND_API_KEY")),
      /RESEND_API_KEY: `npx wrangler secret put RESEND_API_KEY --env production`/,
    ],
    ["QA pages in production", (c) => (c.vars.QA_PAGES = "on"), /QA_PAGES is on in production/],
    ["QA pages left to their default (on) in production", (c) => delete c.vars.QA_PAGES, /QA_PAGES is on in production/],
    ["preview mode in production", (c) => (c.vars.PREVIEW_MODE = "on"), /PREVIEW_MODE is on in production/],
    ["the e2e suite's SQL token as a var", (c) => (c.vars.E2E_D1_TOKEN = "e2e-d1-token"), /E2E_D1_TOKEN is the Playwright suite's key/],
    ["the e2e suite's SQL token as a secret", (c) => c.secretNames.push("E2E_D1_TOKEN"), /E2E_D1_TOKEN is the Playwright suite's key/],
    ["loopback webhook receivers on a deploy", (c) => (c.vars.WEBHOOK_LOOPBACK = "on"), /WEBHOOK_LOOPBACK is on/],
    [
      "a missing SESSION_SECRET",
      (c) => ((c.secretNames = c.secretNames.filter((n) => n !== "SESSION_SECRET")), delete c.secretValues!.SESSION_SECRET),
      /SESSION_SECRET is missing/,
    ],
    [
      "a SESSION_SECRET whose first entry is short",
      (c) => (c.secretValues!.SESSION_SECRET = `${"s".repeat(31)},${"o".repeat(64)}`),
      /SESSION_SECRET .* 31 characters/,
    ],
    [
      "the all-zero D1 id",
      (c) => (c.d1!.database_id = "00000000-0000-0000-0000-000000000000"),
      /database_id in \[\[env.production.d1_databases\]\] is a placeholder: `npx wrangler d1 create parent-coach-funnel-production`/,
    ],
    ["a numbered placeholder D1 id", (c) => (c.d1!.database_id = "00000000-0000-0000-0000-000000000002"), /is a placeholder/],
    [
      "previews on production's D1 id",
      (c) => (c.previewD1!.database_id = c.previewEnvD1!.database_id = d1.database_id),
      /previews' D1 is production's/,
    ],
    [
      "previews on production's D1 name",
      (c) => (c.previewD1!.database_name = c.previewEnvD1!.database_name = d1.database_name),
      /previews' D1 is production's/,
    ],
    [
      "placeholder genius hosts",
      (c) => (c.vars.GENIUS_HOSTS = "aiparenting.com,www.aiparenting.example"),
      /GENIUS_HOSTS is empty or a .example placeholder/,
    ],
    ["empty champion hosts", (c) => (c.vars.CHAMPION_HOSTS = " "), /CHAMPION_HOSTS is empty/],
    [
      "a placeholder sign-in URL",
      (c) => (c.vars.APP_SIGNIN_URL = "https://app.aiparenting.example/login"),
      /APP_SIGNIN_URL is a .example placeholder/,
    ],
    [
      "Resend without the webhook secret",
      (c) => (c.secretNames = c.secretNames.filter((n) => n !== "RESEND_WEBHOOK_SECRET")),
      /RESEND_WEBHOOK_SECRET is missing/,
    ],
    [
      "a malformed webhook secret",
      (c) => (c.secretValues!.RESEND_WEBHOOK_SECRET = "whsec_not base64!"),
      /RESEND_WEBHOOK_SECRET is not Resend's signing secret/,
    ],
    ["a malformed genius pixel id", (c) => (c.vars.PIXEL_ID_GENIUS = "1234"), /PIXEL_ID_GENIUS must be the pixel's numeric id/],
    ["a malformed champion pixel id", (c) => (c.vars.PIXEL_ID_CHAMPION = "123');alert(1)//"), /PIXEL_ID_CHAMPION must be/],
    [
      "mail from another domain",
      (c) => (c.vars.MAIL_FROM = "AI Parenting <no-reply@aiparenting.net>"),
      /MAIL_FROM's domain aiparenting.net is not one of the site's domains/,
    ],
    ["mail from a public suffix", (c) => (c.vars.MAIL_FROM = "no-reply@com"), /MAIL_FROM's domain com is not one/],
    ["MAIL_FROM without an address", (c) => (c.vars.MAIL_FROM = "AI Parenting"), /MAIL_FROM has no address/],
    ["a missing controller name", (c) => (c.vars.CONTROLLER_NAME = ""), /CONTROLLER_NAME is missing/],
    ["a missing controller address", (c) => delete c.vars.CONTROLLER_ADDRESS, /CONTROLLER_ADDRESS is missing/],
    ["a missing controller e-mail", (c) => (c.vars.CONTROLLER_EMAIL = " "), /CONTROLLER_EMAIL is missing/],
    [
      "a placeholder controller e-mail",
      (c) => (c.vars.CONTROLLER_EMAIL = "privacy@aiparenting.example"),
      /CONTROLLER_EMAIL is a .example placeholder/,
    ],
    [
      "a secret written as a plain var",
      (c) => (c.vars.SESSION_SECRET = "x".repeat(40)),
      /SESSION_SECRET is a plain var in \[env.production.vars\]/,
    ],
    [
      "Supabase without the service-role key",
      (c) => (c.vars.SUPABASE_URL = "https://x.supabase.co"),
      /SUPABASE_URL is set without SUPABASE_SERVICE_ROLE_KEY/,
    ],
  ];
  it.each(cases)("production: %s", (_name, change, message) => {
    const config = production();
    change(config);
    expect(onlyRefusal(config)).toMatch(message);
  });

  const previewCases: [string, (config: Config) => void, RegExp][] = [
    ["preview mode off", (c) => (c.vars.PREVIEW_MODE = "off"), /PREVIEW_MODE is not on in the previews/],
    ["preview mode unset", (c) => delete c.vars.PREVIEW_MODE, /PREVIEW_MODE is not on/],
    [
      "its D1 a placeholder",
      (c) => (c.previewD1!.database_id = c.previewEnvD1!.database_id = "00000000-0000-0000-0000-000000000001"),
      /\[\[env.production.previews.d1_databases\]\] is a placeholder/,
    ],
    ["its D1 production's", (c) => (c.previewD1 = c.previewEnvD1 = { ...d1 }), /previews' D1 is production's/],
    [
      "[env.preview]'s D1 another",
      (c) => (c.previewEnvD1!.database_id = "11111111-2222-4333-8444-555555555555"),
      /\[\[env.preview.d1_databases\]\] differs/,
    ],
    ["[env.preview] without a D1", (c) => (c.previewEnvD1 = undefined), /\[\[env.preview.d1_databases\]\] differs/],
    [
      "an allow-list wildcard",
      (c) => (c.vars.PREVIEW_MAIL_ALLOW = "@aiparenting.com,*"),
      /PREVIEW_MAIL_ALLOW entry \* lets a preview mail anyone/,
    ],
    ["an allow-list of every domain", (c) => (c.vars.PREVIEW_MAIL_ALLOW = "@*"), /lets a preview mail anyone/],
    ["an allow-list of a bare @", (c) => (c.vars.PREVIEW_MAIL_ALLOW = "qa@aiparenting.com,@"), /entry @ lets/],
    ["an allow-list of a whole TLD", (c) => (c.vars.PREVIEW_MAIL_ALLOW = "@com"), /entry @com is a public suffix/],
    [
      "Resend without its API key",
      (c) => (c.secretNames = ["SESSION_SECRET"]),
      /npx wrangler preview base-config secret put RESEND_API_KEY --env production/,
    ],
    [
      "mail from a .example domain through Resend",
      (c) => ((c.vars.GENIUS_HOSTS = "aiparenting.example"), (c.vars.MAIL_FROM = "no-reply@aiparenting.example")),
      /is a .example placeholder Resend cannot verify/,
    ],
  ];
  it.each(previewCases)("preview: %s", (_name, change, message) => {
    const config = preview();
    change(config);
    expect(onlyRefusal(config)).toMatch(message);
  });
});

describe("checkDeployConfig: what a preview may do that production may not", () => {
  it("keeps .example hosts and QA pages, and needs no webhook secret", () => {
    const config = preview();
    config.vars.CHAMPION_HOSTS = "champion.example";
    config.vars.CONTROLLER_EMAIL = "privacy@aiparenting.example";
    config.secretNames = config.secretNames.filter((name) => name !== "RESEND_WEBHOOK_SECRET");
    expect(checkDeployConfig(config).refusals).toEqual([]);
  });

  it("warns, without refusing, when Resend is on and the allow-list is empty (all mail stays in the outbox)", () => {
    const config = preview();
    config.vars.PREVIEW_MAIL_ALLOW = "";
    const report = checkDeployConfig(config);
    expect(report.refusals).toEqual([]);
    expect(report.warnings).toEqual([expect.stringMatching(/PREVIEW_MAIL_ALLOW is empty/)]);
  });
});

describe("checkDeployConfig: secrets known by name only (online)", () => {
  it("checks SESSION_SECRET's presence and says its length was not checked", () => {
    const config = production();
    delete config.secretValues;
    const report = checkDeployConfig(config);
    expect(report.refusals).toEqual([]);
    expect(report.notes).toEqual([expect.stringMatching(/SESSION_SECRET .*length cannot be read back/)]);
  });
});

describe("checkDeployConfig: secrets not read at all (--offline without a file: a dry run without Cloudflare)", () => {
  it("checks the configuration, refuses nothing about secrets, and says which checks it skipped", () => {
    const config = production();
    delete config.secretValues;
    (config as { secretNames?: string[] }).secretNames = undefined;
    const report = checkDeployConfig(config);
    expect(report.refusals).toEqual([]);
    expect(report.skipped).toEqual([
      expect.stringMatching(/^remote secrets .*SESSION_SECRET.*RESEND_API_KEY.*RESEND_WEBHOOK_SECRET/),
      expect.stringMatching(/^the backend: /),
    ]);
    expect(report.backend).toMatch(/unknown/);
    expect(report.usesD1).toBe(true);
  });

  it("still refuses what the configuration itself gets wrong", () => {
    const config = production();
    (config as { secretNames?: string[] }).secretNames = undefined;
    config.vars.QA_PAGES = "on";
    config.vars.SESSION_SECRET = "x".repeat(40);
    expect(checkDeployConfig(config).refusals).toEqual([
      expect.stringMatching(/SESSION_SECRET is a plain var/),
      expect.stringMatching(/QA_PAGES is on in production/),
    ]);
  });
});

describe("checkDeployConfig: the backend it reports", () => {
  it.each([
    [{}, "D1 with local accounts", true],
    [{ SUPABASE_URL: "https://x.supabase.co", SUPABASE_SERVICE_ROLE_KEY: "k" }, "Supabase, with local accounts in D1", true],
    [
      { SUPABASE_URL: "https://x.supabase.co", SUPABASE_SERVICE_ROLE_KEY: "k", SUPABASE_ANON_KEY: "a" },
      "Supabase with Supabase Auth",
      false,
    ],
  ])("%o → %s", (extra, backend, usesD1) => {
    const config = production();
    // SUPABASE_URL may be a var; the keys are secrets here.
    const { SUPABASE_URL, ...secrets } = extra as Record<string, string>;
    if (SUPABASE_URL) config.vars.SUPABASE_URL = SUPABASE_URL;
    config.secretNames.push(...Object.keys(secrets));
    const report = checkDeployConfig(config);
    expect(report.refusals).toEqual([]);
    expect(report).toMatchObject({ backend, usesD1 });
  });
});

describe("the doctor's rules agree with the Worker's schema", () => {
  it.each(["1234", "12345", "123456789012345678901", "12345678901234567890", "12a45", " 123456 "])("pixel id %j", (id) => {
    const doctor = checkDeployConfig({ ...production(), vars: { ...productionVars, PIXEL_ID_GENIUS: id } }).refusals.length === 0;
    let worker = true;
    try {
      parseEnv({ PIXEL_ID_GENIUS: id });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      worker = false;
    }
    expect(doctor).toBe(worker);
  });
});

describe("PREVIEW_MAIL_ALLOW: the doctor and the Worker refuse the same entries", () => {
  const refusedByDoctor = (value: string) =>
    checkDeployConfig({ ...preview(), vars: { ...preview().vars, PREVIEW_MAIL_ALLOW: value } }).refusals;
  const refusedByWorker = (value: string) => {
    try {
      parseEnv({ PREVIEW_MODE: "on", PREVIEW_MAIL_ALLOW: value });
      return null;
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
  };

  it.each([
    ["qa.example", /neither an address nor an @domain/],
    ["@qa.example, not an address", /neither an address nor an @domain/],
    ["@gmail.com", /free-mail/],
    ["@GoogleMail.com", /free-mail/],
    ["@outlook.com", /free-mail/],
    ["@hotmail.co.uk", /free-mail/],
    ["@yahoo.com", /free-mail/],
    ["@icloud.com", /free-mail/],
    ["@proton.me", /free-mail/],
    ["@gmx.de", /free-mail/],
    ["@gmx.net", /free-mail/],
    ["@seznam.cz", /free-mail/],
    ["@mail.gmail.com", /free-mail/],
    ["@co.uk", /public suffix/],
    ["@com", /public suffix|anyone/],
    ["@uk", /public suffix|anyone/],
    ["qa@co.uk", /public suffix/],
    ["*", /anyone/],
    ["@", /anyone/],
  ])("%j is refused by both, with the fix named", (value, reason) => {
    const doctor = refusedByDoctor(value);
    expect(doctor).toHaveLength(1);
    expect(doctor[0]).toMatch(/^PREVIEW_MAIL_ALLOW entry /);
    expect(doctor[0]).toMatch(reason);
    expect(doctor[0]).toMatch(/@your-company/);
    const worker = refusedByWorker(value);
    expect(worker).toMatch(/PREVIEW_MAIL_ALLOW: entry /);
    expect(worker).toMatch(reason);
    expect(worker).toMatch(/@your-company/);
  });

  it.each(["@aiparenting.com", "qa@champion.coach", "@qa.example", "@team.example.co.uk", "tester@gmail.com", "qa@yahoo.co.uk", ""])(
    "%j passes both (one tester's own free-mail address is fine)",
    (value) => {
      expect(refusedByDoctor(value)).toEqual([]);
      expect(refusedByWorker(value)).toBeNull();
    },
  );

  it("is checked for production too: the Worker parses it there as well", () => {
    const config = production();
    config.vars.PREVIEW_MAIL_ALLOW = "@gmail.com";
    expect(onlyRefusal(config)).toMatch(/PREVIEW_MAIL_ALLOW entry @gmail.com .*free-mail/);
  });
});

describe("site domains and MAIL_FROM", () => {
  it("a host's site domains run down to its registrable domain", () => {
    expect(siteDomains("www.aiparenting.com")).toEqual(["www.aiparenting.com", "aiparenting.com"]);
    expect(siteDomains("shop.example.co.uk")).toEqual(["shop.example.co.uk", "example.co.uk"]);
    expect(siteDomains("localhost")).toEqual([]);
    // A public suffix is no site's domain.
    expect(siteDomains("co.uk")).toEqual([]);
    expect(siteDomains("com")).toEqual([]);
  });

  it("reads the address's domain from either form", () => {
    expect(mailFromDomain("AI Parenting <no-reply@Mail.AIParenting.com>")).toBe("mail.aiparenting.com");
    expect(mailFromDomain("no-reply@aiparenting.com")).toBe("aiparenting.com");
    expect(mailFromDomain("AI Parenting")).toBeNull();
  });

  it("refuses a sibling registrable domain under a shared second level", () => {
    const config = production();
    config.vars.GENIUS_HOSTS = "www.aiparenting.co.uk";
    config.vars.MAIL_FROM = "no-reply@someone-else.co.uk";
    config.vars.CONTROLLER_EMAIL = "privacy@aiparenting.co.uk";
    expect(onlyRefusal(config)).toMatch(/someone-else.co.uk is not one of the site's domains/);
  });
});

describe("secrets files (--offline)", () => {
  it("reads .env style with comments, quotes and export", () => {
    const parsed = parseSecretsFile('# c\nexport SESSION_SECRET="a,b"\nRESEND_API_KEY=re_1 # key\n\nEMPTY=\n');
    expect(parsed).toEqual({
      names: ["SESSION_SECRET", "RESEND_API_KEY", "EMPTY"],
      values: { SESSION_SECRET: "a,b", RESEND_API_KEY: "re_1", EMPTY: "" },
    });
  });

  it("reads JSON: an object of values, a list of names, or `wrangler secret list`'s output", () => {
    expect(parseSecretsFile('{"SESSION_SECRET":"x"}')).toEqual({ names: ["SESSION_SECRET"], values: { SESSION_SECRET: "x" } });
    expect(parseSecretsFile('["SESSION_SECRET"]')).toEqual({ names: ["SESSION_SECRET"] });
    expect(parseSecretsFile('[{"name":"SESSION_SECRET","type":"secret_text"}]')).toEqual({ names: ["SESSION_SECRET"] });
  });
});

describe("the card Worker (workers/card/wrangler.toml)", () => {
  it.each([production, preview])("refuses a site whose CARD binding is missing or names another Worker (%#)", (config) => {
    const worker = "parent-coach-card-production";
    expect(onlyRefusal({ ...config(), card: { service: undefined, worker } })).toMatch(
      /^the site binds no CARD service: bind the card Worker parent-coach-card-production/,
    );
    expect(onlyRefusal({ ...config(), card: { service: "parent-coach-card", worker } })).toMatch(
      /^the CARD binding names parent-coach-card, not the card Worker parent-coach-card-production/,
    );
  });
});

describe("wrangler preview --json", () => {
  it("gives the preview's own URL, after any warning wrangler printed first", () => {
    const stdout = `▲ [WARNING] something\n${JSON.stringify({
      preview: { id: "p", name: "doctor", slug: "doctor", urls: ["https://doctor-parent-coach-funnel-production.acme.workers.dev"] },
      deployment: { id: "d", urls: ["https://1a2b3c4d-parent-coach-funnel-production.acme.workers.dev"] },
    })}`;
    expect(previewUrlFromJson(stdout)).toBe("https://doctor-parent-coach-funnel-production.acme.workers.dev");
  });

  it("refuses an answer without a URL", () => {
    expect(() => previewUrlFromJson('{"preview":{"urls":[]},"deployment":{"urls":[]}}')).toThrow(/without a URL/);
  });
});

describe("wrangler.toml through wrangler's own reader", () => {
  const dir = mkdtempSync(join(tmpdir(), "doctor-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const toml = readFileSync("wrangler.toml", "utf8");

  it("refuses the committed production configuration (placeholders)", async () => {
    const config = await readDeployConfig("production", "wrangler.toml");
    const { refusals } = checkDeployConfig({ target: "production", ...config, secretNames: Object.keys(secretValues), secretValues });
    expect(refusals).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/database_id in \[\[env.production.d1_databases\]\] is a placeholder/),
        expect.stringMatching(/GENIUS_HOSTS is empty or a .example placeholder/),
        expect.stringMatching(/CONTROLLER_EMAIL is a .example placeholder/),
      ]),
    );
  });

  it("reads production's and the previews' own vars and D1, and [env.preview]'s D1", async () => {
    const config = await readDeployConfig("preview", "wrangler.toml");
    expect(config.vars).toMatchObject({ PREVIEW_MODE: "on", QA_PAGES: "on" });
    expect(config.d1?.database_name).toBe("parent-coach-funnel-production");
    expect(config.previewD1).toEqual(config.previewEnvD1);
    expect((await readDeployConfig("production", "wrangler.toml")).vars).toMatchObject({ PREVIEW_MODE: "off", QA_PAGES: "off" });
    // Production and its previews bind the production card Worker: it reads no data.
    for (const target of ["production", "preview"] as const)
      expect((await readDeployConfig(target, "wrangler.toml")).card).toEqual({
        service: "parent-coach-card-production",
        worker: "parent-coach-card-production",
      });
  });

  it("passes once the placeholders are replaced", async () => {
    const filled = toml
      .replaceAll("00000000-0000-0000-0000-000000000002", d1.database_id)
      .replaceAll("00000000-0000-0000-0000-000000000001", previewD1.database_id)
      .replaceAll("www.aiparenting.example", "www.aiparenting.com")
      .replaceAll("app.aiparenting.example", "app.aiparenting.com")
      .replaceAll("aiparenting.example", "aiparenting.com")
      .replaceAll("champion.example", "champion.coach")
      .replaceAll("yourcompany.example", "aiparenting.com");
    const path = join(dir, "wrangler.toml");
    writeFileSync(path, filled);
    for (const target of ["production", "preview"] as const) {
      const config = await readDeployConfig(target, path);
      expect(checkDeployConfig({ target, ...config, secretNames: Object.keys(secretValues), secretValues }).refusals).toEqual([]);
    }
  });
});
