import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "~/utils/env.server";

describe("parseEnv", () => {
  it("runs on the embedded defaults with no configuration at all", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ LAUNCH_MODE: "live", QA_PAGES: "on", MAIL_TRANSPORT: "outbox" });
    expect(env.GENIUS_HOSTS).toEqual([]);
    expect(env.PIXEL_ID_GENIUS).toBeUndefined();
  });

  it("splits, trims and lower-cases host lists; empty values count as unset", () => {
    const env = parseEnv({ GENIUS_HOSTS: " AIParenting.example , www.aiparenting.example,", PIXEL_ID_GENIUS: "" });
    expect(env.GENIUS_HOSTS).toEqual(["aiparenting.example", "www.aiparenting.example"]);
    expect(env.PIXEL_ID_GENIUS).toBeUndefined();
  });

  it.each([
    [{ LAUNCH_MODE: "soon" }, "LAUNCH_MODE"],
    [{ MAIL_TRANSPORT: "resend" }, "RESEND_API_KEY"],
    [{ SUPABASE_URL: "https://x.supabase.co" }, "SUPABASE_SERVICE_ROLE_KEY"],
    [{ SUPABASE_URL: "not a url", SUPABASE_SERVICE_ROLE_KEY: "k" }, "SUPABASE_URL"],
    [{ PIXEL_ID_CHAMPION: "123');alert(1)//" }, "PIXEL_ID_CHAMPION"],
    [{ APP_SIGNIN_URL: "login" }, "APP_SIGNIN_URL"],
    [{ PREVIEW_MODE: "yes" }, "PREVIEW_MODE"],
    [{ PREVIEW_MAIL_ALLOW: "qa.example" }, "PREVIEW_MAIL_ALLOW"],
    [{ PREVIEW_MAIL_ALLOW: "@qa.example, not an address" }, "PREVIEW_MAIL_ALLOW"],
  ])("fails fast with a message naming the variable: %o", (raw, variable) => {
    expect(() => parseEnv(raw)).toThrow(ConfigError);
    expect(() => parseEnv(raw)).toThrow(new RegExp(`Invalid configuration: .*${variable}`));
  });

  it("leaves preview mode off and lets nobody's mail out of a preview by default", () => {
    const env = parseEnv({});
    expect(env.PREVIEW_MODE).toBe("off");
    expect(env.PREVIEW_MAIL_ALLOW).toEqual([]);
  });

  it("reads the preview mail allow-list as lower-cased addresses and @domains", () => {
    const env = parseEnv({ PREVIEW_MODE: "on", PREVIEW_MAIL_ALLOW: " QA@YourCompany.example, @Team.Example ,," });
    expect(env.PREVIEW_MODE).toBe("on");
    expect(env.PREVIEW_MAIL_ALLOW).toEqual(["qa@yourcompany.example", "@team.example"]);
  });
});
