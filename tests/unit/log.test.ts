import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "~/platform/log.server";

/** Every line written to each console method while `work` ran, parsed. */
function captured() {
  const spies = {
    log: vi.spyOn(console, "log").mockImplementation(() => {}),
    warn: vi.spyOn(console, "warn").mockImplementation(() => {}),
    error: vi.spyOn(console, "error").mockImplementation(() => {}),
  };
  const lines = (method: keyof typeof spies) => spies[method].mock.calls.map((args) => args.map(String).join(" "));
  return {
    lines,
    /** The JSON events written by `method`. */
    events: (method: keyof typeof spies) => lines(method).map((line) => JSON.parse(line) as Record<string, unknown>),
    /** Everything written, every method, as one text. */
    all: () => [...lines("log"), ...lines("warn"), ...lines("error")].join("\n"),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("log (app/platform/log.server.ts)", () => {
  it("writes one JSON line per event, through the console method of its level", () => {
    const out = captured();
    log.info("cron.run", { job: "mail.sweep", enqueued: 3 });
    log.warn("webhook.refused", { provider: "resend", status: 401 });
    log.error("mail.send_failed", { outboxId: "row-1" }, new TypeError("fetch failed"));

    expect(out.lines("log")).toEqual(['{"level":"info","event":"cron.run","job":"mail.sweep","enqueued":3}']);
    expect(out.events("warn")).toEqual([{ level: "warn", event: "webhook.refused", provider: "resend", status: 401 }]);
    expect(out.events("error")).toEqual([
      { level: "error", event: "mail.send_failed", outboxId: "row-1", error: { name: "TypeError", message: "fetch failed" } },
    ]);
  });

  it("logs an error as its name and message only, whatever was thrown", () => {
    const out = captured();
    const error = Object.assign(new Error("D1 is down"), { request: { headers: { cookie: "session=secret" } } });
    log.error("lead.save_failed", {}, error);
    // Supabase's errors are plain objects with a message (and a code).
    log.error("lead.save_failed", {}, { code: "23505", message: "duplicate key", details: "Key (email)=(someone@example.com)" });
    log.error("lead.save_failed", {}, "a string");
    expect(out.events("error").map((event) => event.error)).toEqual([
      { name: "Error", message: "D1 is down" },
      { name: "23505", message: "duplicate key" },
      { name: "string", message: "a string" },
    ]);
    expect(out.all()).not.toContain("secret");
    expect(out.all()).not.toContain("someone");
  });

  it("replaces anything that looks like an e-mail address with [email], in the error and in every field", () => {
    const out = captured();
    log.error(
      "mail.send_failed",
      { reason: "Invalid `to` field: Parent.Name+tag@Example.co.uk", list: ["x <kid@school.example>", "ok"] },
      new Error("Mail API refused the e-mail (HTTP 422): parent@example.com, other@example.org; see https://x.example/?to=a%40b.example"),
    );
    const [event] = out.events("error");
    expect(event).toEqual({
      level: "error",
      event: "mail.send_failed",
      reason: "Invalid `to` field: [email]",
      list: ["x <[email]>", "ok"],
      error: { name: "Error", message: "Mail API refused the e-mail (HTTP 422): [email], [email]; see https://x.example/?to=[email]" },
    });
    expect(out.all()).not.toMatch(/@|%40/);
  });

  it("leaves what is not an address as it is: hashes, ids, paths, statuses", () => {
    const out = captured();
    const fields = {
      emailHash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
      path: "/guide-form",
      status: 503,
      ok: false,
    };
    log.info("mail.suppressed", fields);
    expect(out.events("log")).toEqual([{ level: "info", event: "mail.suppressed", ...fields }]);
  });
});
