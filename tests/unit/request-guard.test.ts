import { describe, expect, it } from "vitest";
import {
  ADMIN_FORM_BODY_LIMIT,
  MAX_FIELD_LENGTH,
  MAX_FIELD_NAME_LENGTH,
  MAX_FIELDS,
  PUBLIC_FORM_BODY_LIMIT,
  guardRequest,
  type GuardResult,
} from "~/platform/request-guard.server";

/**
 * The request guard in front of Remix: bad input is a clear 4xx before any route runs, and the
 * body Remix reads is the one the guard checked.
 */

const ORIGIN = "https://aiparenting.example";
const FORM_TYPE = "application/x-www-form-urlencoded";

function post(path: string, body: BodyInit | null, headers: Record<string, string> = {}, method = "POST") {
  return new Request(ORIGIN + path, { method, body, headers, duplex: "half" } as RequestInit);
}

const form = (path: string, fields: string, headers: Record<string, string> = {}) =>
  post(path, fields, { "Content-Type": FORM_TYPE, ...headers });

function refused(result: GuardResult): Response {
  if (result.ok) throw new Error(`expected a refusal, the request went on: ${result.request.method} ${result.request.url}`);
  return result.response;
}

function passed(result: GuardResult): Request {
  if (!result.ok) throw new Error(`expected the request to go on, got ${result.response.status}`);
  return result.request;
}

/** A body that is streamed (no Content-Length), recording how many bytes were pulled from it. */
function countedStream(totalBytes: number, chunkBytes = 4096) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= totalBytes) return controller.close();
      const size = Math.min(chunkBytes, totalBytes - pulled);
      pulled += size;
      controller.enqueue(new TextEncoder().encode("a".repeat(size)));
    },
  });
  return { stream, pulled: () => pulled };
}

/** A multipart body with the given text fields. */
function multipart(fields: [string, string][], boundary = "----guardtest") {
  const parts = fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { body: `${parts.join("")}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

const FORM_ROUTES = [
  "/form",
  "/form.data",
  "/form?step=2",
  "/roadmap",
  "/plans",
  "/confirm",
  "/guide-form",
  "/tips-form",
  "/consent",
  "/signup",
  "/signout",
  "/admin/leads",
  "/admin/leads/0b8c/edit",
  "/admin/leads/0b8c/delete.data",
  "/_root.data",
];

describe("methods", () => {
  it.each(["GET", "HEAD", "OPTIONS"])("%s passes untouched", async (method) => {
    const request = new Request(`${ORIGIN}/form`, { method });
    expect(passed(await guardRequest(request))).toBe(request);
  });

  it.each(["DELETE", "PUT", "PATCH", "PROPFIND"])("%s on a page is 405 with Allow: GET, HEAD, POST", async (method) => {
    for (const path of ["/form", "/form.data", "/admin/leads/0b8c/delete", "/faq"]) {
      const response = refused(await guardRequest(post(path, "a=1", { "Content-Type": FORM_TYPE }, method)));
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, HEAD, POST");
    }
  });

  it("the JSON e-mail API allows POST only", async () => {
    for (const path of ["/api/send-email", "/api/send-email.data", "/API/Send-Email/"]) {
      const response = refused(await guardRequest(post(path, "{}", { "Content-Type": "application/json" }, "PUT")));
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("POST");
    }
    expect(refused(await guardRequest(new Request(`${ORIGIN}/api/send-email`, { method: "DELETE" }))).status).toBe(405);
  });
});

describe("body type", () => {
  it.each([
    ["JSON", "application/json", '{"email":"a@example.com"}'],
    ["plain text", "text/plain", "email=a@example.com"],
    ["XML", "application/xml", "<a/>"],
    ["a form type with a typo", "application/x-www-form-urlencodedx", "a=1"],
  ])("%s to any form route is 415", async (_name, type, body) => {
    for (const path of FORM_ROUTES) {
      const response = refused(await guardRequest(post(path, body, { "Content-Type": type })));
      expect(response.status, path).toBe(415);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    }
  });

  it("no Content-Type at all is 415, with or without a body", async () => {
    expect(refused(await guardRequest(post("/signout", null))).status).toBe(415);
    expect(refused(await guardRequest(post("/form", new Blob(["step=1"])))).status).toBe(415);
  });

  it("lets the RFC 8058 one-click POST to /unsubscribe through without a body, and only there", async () => {
    const request = passed(await guardRequest(post("/unsubscribe?t=abc", null)));
    expect(await request.text()).toBe("");
    expect(passed(await guardRequest(post("/unsubscribe?t=abc", new Uint8Array(0), { "Content-Length": "0" }))).method).toBe("POST");
    expect(passed(await guardRequest(form("/unsubscribe?t=abc", ""))).method).toBe("POST");
    expect(refused(await guardRequest(post("/unsubscribe?t=abc", "List-Unsubscribe=One-Click"))).status).toBe(415);
    expect(refused(await guardRequest(post("/signout", null))).status).toBe(415);
  });

  it("multipart without a boundary is 400", async () => {
    const response = refused(await guardRequest(post("/signup", "xx", { "Content-Type": "multipart/form-data" })));
    expect(response.status).toBe(400);
  });

  it("malformed multipart is 400", async () => {
    const response = refused(
      await guardRequest(post("/signup", "this is not multipart", { "Content-Type": "multipart/form-data; boundary=zzz" })),
    );
    expect(response.status).toBe(400);
  });

  it("a file in a multipart body is refused: no form here takes files", async () => {
    const boundary = "----filetest";
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="email"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nx\r\n` +
      `--${boundary}--\r\n`;
    const response = refused(
      await guardRequest(post("/guide-form", body, { "Content-Type": `multipart/form-data; boundary=${boundary}` })),
    );
    expect(response.status).toBe(400);
  });

  it("Resend's webhook is a JSON endpoint too: JSON passes to the route, which checks the signature and its own cap", async () => {
    const next = passed(await guardRequest(post("/webhooks/resend", '{"type":"email.bounced"}', { "Content-Type": "application/json" })));
    expect(await next.json()).toEqual({ type: "email.bounced" });
    expect(refused(await guardRequest(new Request(`${ORIGIN}/webhooks/resend`, { method: "PUT" }))).status).toBe(405);
  });

  it("the JSON e-mail API keeps its own body rules: JSON passes and its body is still readable", async () => {
    const request = post("/api/send-email", '{"to":"a@example.com"}', { "Content-Type": "application/json" });
    const next = passed(await guardRequest(request));
    expect(await next.json()).toEqual({ to: "a@example.com" });
  });
});

describe("accepted forms", () => {
  it("a url-encoded form goes on with the same fields, readable once more by the route", async () => {
    const next = passed(
      await guardRequest(form("/form", "step=1&children%5B0%5D.ageBand=1-2y&children%5B0%5D.time=15-30m&goals=a&goals=b")),
    );
    expect(next.method).toBe("POST");
    expect(next.url).toBe(`${ORIGIN}/form`);
    const fields = await next.formData();
    expect(fields.get("step")).toBe("1");
    expect(fields.get("children[0].ageBand")).toBe("1-2y");
    expect(fields.getAll("goals")).toEqual(["a", "b"]);
  });

  it("the charset parameter and upper case are fine", async () => {
    const request = post("/consent", "choice=granted", { "Content-Type": "Application/X-WWW-Form-Urlencoded; charset=UTF-8" });
    expect((await passed(await guardRequest(request)).formData()).get("choice")).toBe("granted");
  });

  it("an empty form (a button-only form such as sign-out) goes on", async () => {
    const next = passed(await guardRequest(form("/signout", "")));
    expect([...(await next.formData()).keys()]).toEqual([]);
  });

  it("a well-formed multipart form goes on", async () => {
    const { body, type } = multipart([
      ["mode", "signup"],
      ["email", "ann@example.com"],
    ]);
    const next = passed(await guardRequest(post("/signup", body, { "Content-Type": type })));
    expect((await next.formData()).get("email")).toBe("ann@example.com");
  });

  it("single-fetch data requests are checked like the page they belong to", async () => {
    expect(passed(await guardRequest(form("/confirm.data", "intent=copied_ref_link"))).url).toBe(`${ORIGIN}/confirm.data`);
    expect(refused(await guardRequest(post("/confirm.data", "{}", { "Content-Type": "application/json" }))).status).toBe(415);
  });
});

describe("field names", () => {
  it.each([
    "__proto__",
    "__proto__[polluted]",
    "constructor",
    "prototype",
    "constructor.prototype.polluted",
    "children[0].__proto__",
    "children[__proto__]",
    "a[constructor]",
    "email.prototype",
  ])("%s is 400", async (name) => {
    for (const path of ["/form", "/signup", "/guide-form", "/admin/leads"]) {
      const response = refused(await guardRequest(form(path, `${encodeURIComponent(name)}=1&email=a%40example.com`)));
      expect(response.status, `${name} to ${path}`).toBe(400);
    }
  });

  it("the same names in multipart are 400 too", async () => {
    const { body, type } = multipart([["__proto__", "x"]]);
    expect(refused(await guardRequest(post("/signup", body, { "Content-Type": type }))).status).toBe(400);
  });

  it("names that merely contain those words are fine", async () => {
    passed(await guardRequest(form("/form", "constructors=1&my_prototype=2&proto=3")));
  });

  it.each([
    ["a value and a group under one name", "email=a&email.x=b"],
    ["a value and a list item under one name", "email=a&email%5B0%5D=b"],
    ["a list item and its fields", "children%5B0%5D=a&children%5B0%5D.ageBand=b"],
    ["repeated values and a nested field", "goals=a&goals=b&goals%5B0%5D.x=c"],
  ])("%s is 400 (the form parser cannot build that object)", async (_case, body) => {
    expect(refused(await guardRequest(form("/form", body))).status).toBe(400);
  });

  it("a list index past any list is 400 (the parser would build an array that long)", async () => {
    passed(await guardRequest(form("/form", `children%5B${MAX_FIELDS - 1}%5D.ageBand=1-2y`)));
    for (const name of [
      "children[99999999].ageBand",
      `children[${MAX_FIELDS}].time`,
      "goals.4294967294",
      "goals[00000000000000000009999999]",
    ]) {
      expect(refused(await guardRequest(form("/form", `${encodeURIComponent(name)}=1`))).status, name).toBe(400);
    }
  });

  it(`a name longer than ${MAX_FIELD_NAME_LENGTH} characters is 400`, async () => {
    passed(await guardRequest(form("/form", `${"a".repeat(MAX_FIELD_NAME_LENGTH)}=1`)));
    expect(refused(await guardRequest(form("/form", `${"a".repeat(MAX_FIELD_NAME_LENGTH + 1)}=1`))).status).toBe(400);
    // A deep path such as a.a.a.a... would otherwise recurse once per segment in the form parser.
    expect(refused(await guardRequest(form("/form", `${".a".repeat(20_000)}=1`))).status).toBe(400);
  });

  it(`more than ${MAX_FIELDS} fields is 400`, async () => {
    const fields = (n: number) => Array.from({ length: n }, (_, i) => `goals=${i}`).join("&");
    passed(await guardRequest(form("/form", fields(MAX_FIELDS))));
    expect(refused(await guardRequest(form("/form", fields(MAX_FIELDS + 1)))).status).toBe(400);
  });
});

describe("field values", () => {
  it(`a value over ${MAX_FIELD_LENGTH} characters is 400 and names the field`, async () => {
    passed(await guardRequest(form("/signup", `name=${"a".repeat(MAX_FIELD_LENGTH)}`)));
    const response = refused(await guardRequest(form("/signup", `name=${"a".repeat(MAX_FIELD_LENGTH + 1)}`)));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("name");
  });
});

describe("body size", () => {
  it(`public forms take at most ${PUBLIC_FORM_BODY_LIMIT} bytes; admin forms at most ${ADMIN_FORM_BODY_LIMIT}`, () => {
    expect(PUBLIC_FORM_BODY_LIMIT).toBe(64 * 1024);
    expect(ADMIN_FORM_BODY_LIMIT).toBeLessThan(PUBLIC_FORM_BODY_LIMIT);
  });

  it("a Content-Length over the cap is 413 without parsing; the body is dropped so the connection stays usable", async () => {
    const size = 2 * 1024 * 1024;
    const body = countedStream(size, 64 * 1024);
    const request = post("/signup", body.stream, { "Content-Type": FORM_TYPE, "Content-Length": String(size) });
    const response = refused(await guardRequest(request));
    expect(response.status).toBe(413);
    expect(body.pulled()).toBe(size);
  });

  it("a huge declared body is refused after a bounded drain, not read to its end", async () => {
    const size = 100 * 1024 * 1024;
    const body = countedStream(size, 64 * 1024);
    const request = post("/signup", body.stream, { "Content-Type": FORM_TYPE, "Content-Length": String(size) });
    expect(refused(await guardRequest(request)).status).toBe(413);
    expect(body.pulled()).toBeLessThan(5 * 1024 * 1024);
  });

  it("a streamed body (no Content-Length) is counted and refused once it passes the cap", async () => {
    const body = countedStream(10 * PUBLIC_FORM_BODY_LIMIT);
    const response = refused(await guardRequest(post("/form", body.stream, { "Content-Type": FORM_TYPE })));
    expect(response.status).toBe(413);
  });

  it("an endless streamed body is not read to its end: past a bounded drain the stream is cancelled", async () => {
    const body = countedStream(100 * 1024 * 1024, 64 * 1024);
    const response = refused(await guardRequest(post("/form", body.stream, { "Content-Type": FORM_TYPE })));
    expect(response.status).toBe(413);
    expect(body.pulled()).toBeLessThan(5 * 1024 * 1024);
  });

  it("a streamed body under the cap goes on", async () => {
    const text = "step=1&goals=x";
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    });
    const next = passed(await guardRequest(post("/form", stream, { "Content-Type": FORM_TYPE })));
    expect((await next.formData()).get("goals")).toBe("x");
  });

  it("the cap is exact: a body of exactly the cap goes on, one byte more is 413", async () => {
    // Many short fields, so the per-field rules are not what decides.
    const body = (bytes: number) => {
      const field = `goals=${"a".repeat(400)}&`;
      const fields = field.repeat(Math.floor(bytes / field.length));
      return fields + "x=".padEnd(bytes - fields.length, "b");
    };
    expect(body(PUBLIC_FORM_BODY_LIMIT)).toHaveLength(PUBLIC_FORM_BODY_LIMIT);
    passed(await guardRequest(form("/guide-form", body(PUBLIC_FORM_BODY_LIMIT))));
    expect(refused(await guardRequest(form("/guide-form", body(PUBLIC_FORM_BODY_LIMIT + 1)))).status).toBe(413);
  });

  it("admin forms have the smaller cap", async () => {
    const body = `back=&${"id=1234567890&".repeat(Math.ceil((ADMIN_FORM_BODY_LIMIT + 1) / 14))}`;
    expect(refused(await guardRequest(form("/admin/leads", body))).status).toBe(413);
    expect(refused(await guardRequest(form("/admin/leads/0b8c/edit.data", body))).status).toBe(413);
  });

  it.each(["abc", "-1", "1.5", "1e3", ""])("a malformed Content-Length (%j) is 400", async (length) => {
    const response = refused(await guardRequest(form("/form", "a=1", { "Content-Length": length })));
    expect(response.status).toBe(400);
  });
});
