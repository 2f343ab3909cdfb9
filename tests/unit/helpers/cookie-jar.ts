import type { AppLoadContext } from "@remix-run/cloudflare";

/** What a loader or action answered, whether it returned or threw it (a Response or data()). */
export type Answer = { status: number; location: string | null; data: unknown; headers: Headers; cookie: string | null };

/** Runs a loader or action and reads its answer the same way whatever form it took; an error it throws is the 500 Remix would answer. */
export async function callRoute(run: () => unknown): Promise<Answer> {
  let out: unknown;
  try {
    out = await run();
  } catch (thrown) {
    if (thrown instanceof Error) return { status: 500, location: null, data: thrown, headers: new Headers(), cookie: null };
    out = thrown;
  }
  if (out instanceof Response) {
    return {
      status: out.status,
      location: out.headers.get("Location"),
      data: null,
      headers: out.headers,
      cookie: out.headers.get("Set-Cookie"),
    };
  }
  const init = out as { type?: string; data?: unknown; init?: ResponseInit | null } | null;
  if (init?.type === "DataWithResponseInit") {
    const headers = new Headers(init.init?.headers);
    return { status: init.init?.status ?? 200, location: null, data: init.data, headers, cookie: headers.get("Set-Cookie") };
  }
  return { status: 200, location: null, data: out, headers: new Headers(), cookie: null };
}

/**
 * A Worker's load context on `env`; the work a request leaves running after its response (e-mail
 * sends) goes into `background`, for the test to wait on.
 */
export function workerLoad(env: Record<string, unknown>, background: Promise<unknown>[]): AppLoadContext {
  return {
    cloudflare: { env, ctx: { waitUntil: (p: Promise<unknown>) => void background.push(p) }, cf: {}, caches: {} },
  } as unknown as AppLoadContext;
}

type Handler = (args: never) => unknown;

/**
 * One browser driving the real routes: a cookie jar kept from each Set-Cookie, that can be saved and
 * put back (as an attacker replays a cookie). `url` turns a path into the address it requests,
 * `headers` go with every request (the client address), `load` is the context of each request
 * unless a call names its own.
 */
export function cookieJar(options: { url: (path: string) => string; headers?: Record<string, string>; load: () => AppLoadContext }) {
  let cookie = "";
  const request = (path: string, body?: [string, string][]) =>
    new Request(options.url(path), {
      ...(body ? { method: "POST", body: new URLSearchParams(body) } : {}),
      headers: { ...options.headers, ...(cookie ? { Cookie: cookie } : {}) },
    });
  const keep = (answer: Answer) => {
    if (answer.cookie) cookie = answer.cookie.split(";")[0];
    return answer;
  };
  return {
    get: async (loader: Handler, path: string, load = options.load()) =>
      keep(await callRoute(() => loader({ request: request(path), context: load, params: {} } as never))),
    post: async (action: Handler, path: string, body: [string, string][], load = options.load()) =>
      keep(await callRoute(() => action({ request: request(path, body), context: load, params: {} } as never))),
    saved: () => cookie,
    replay: (saved: string) => void (cookie = saved),
  };
}
