// What the no-JS benches share: a browser without JavaScript (forms parsed from the HTML and filled
// like a parent would, a cookie jar, redirects followed, a made-up CF-Connecting-IP per client) and
// small statistics helpers. Extracted from bench/reliability.mjs; used by it and bench/spike.mjs.

/** Per request; the site's own mail clients give up sooner. */
const REQUEST_TIMEOUT_MS = 30_000;

// ---------------------------------------------------------------- small helpers

export function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function histogram(values) {
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
    .map(([value, count]) => `${value}×${count}`)
    .join(" ");
}

/** The readable start of an error page (scripts and tags left out). */
export const snippet = (text, length = 100) =>
  text
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, length);

export const decode = (text) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

function attributes(tag) {
  const result = {};
  for (const match of tag.matchAll(/([^\s=<>/"']+)(?:\s*=\s*"([^"]*)")?/g)) {
    const name = match[1].toLowerCase();
    if (name === "input" || name === "select" || name === "button" || name === "form") continue;
    result[name] = match[2] === undefined ? "" : decode(match[2]);
  }
  return result;
}

/** The POST forms of a page, as a browser without JavaScript sees them. */
export function parseForms(html) {
  const forms = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const attrs = attributes(match[1]);
    if ((attrs.method ?? "get").toLowerCase() !== "post") continue;
    const body = match[2];
    const inputs = [...body.matchAll(/<input\b[^>]*>/gi)].map((m) => attributes(m[0]));
    const selects = [...body.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/gi)].map((m) => ({
      ...attributes(m[1]),
      options: [...m[2].matchAll(/<option\b([^>]*)>/gi)].map((o) => attributes(o[1]).value ?? ""),
    }));
    const buttons = [...body.matchAll(/<button\b([^>]*)>/gi)].map((m) => attributes(m[1]));
    forms.push({ action: attrs.action ?? "", inputs, selects, buttons });
  }
  return forms;
}

export function formFor(html, pathname, origin) {
  return parseForms(html).find((form) => new URL(form.action, origin).pathname === pathname) ?? null;
}

/**
 * Fills a form the way a parent would: hidden fields as they are, one option per select and radio
 * group, one or two boxes per checkbox group (never "other", which asks for more), the e-mail, and the
 * submit button `button` (by value; default the last enabled submit button).
 */
export function fill(form, { seed = 0, email, button } = {}) {
  const body = new URLSearchParams();
  const choose = (values, salt) => values[(seed + salt) % values.length];
  const usable = (values) => values.filter((value) => value !== "" && value !== "other");
  for (const input of form.inputs) {
    if (!input.name || "disabled" in input) continue;
    const type = (input.type ?? "text").toLowerCase();
    if (type === "hidden") body.append(input.name, input.value ?? "");
    else if (type === "email" || input.name === "email") body.append(input.name, email ?? "");
  }
  const groups = new Map();
  for (const input of form.inputs) {
    const type = (input.type ?? "").toLowerCase();
    if ((type === "radio" || type === "checkbox") && input.name && !("disabled" in input)) {
      const group = groups.get(input.name) ?? { type, values: [] };
      group.values.push(input.value ?? "on");
      groups.set(input.name, group);
    }
  }
  let salt = 1;
  for (const [name, group] of groups) {
    const values = usable(group.values);
    if (!values.length) continue;
    body.append(name, choose(values, salt++));
    if (group.type === "checkbox" && seed % 2 === 1 && values.length > 1) {
      const second = choose(values, salt++);
      if (!body.getAll(name).includes(second)) body.append(name, second);
    }
  }
  for (const select of form.selects) {
    if (!select.name) continue;
    const values = usable(select.options);
    if (values.length) body.append(select.name, choose(values, salt++));
  }
  const submits = form.buttons.filter((b) => (b.type ?? "submit") === "submit" && !("disabled" in b));
  const submit = button ? submits.find((b) => b.value === button) : submits.at(-1);
  if (button && !submit) throw new Error(`no submit button ${button}`);
  if (submit?.name) body.append(submit.name, submit.value ?? "");
  return body;
}

// ---------------------------------------------------------------- fake addresses

let addressCounter = 1 << 16; // 127.1.0.0 upwards; 127.0.0.1 (the real client) is never used
export function nextAddress() {
  const n = addressCounter++;
  return `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

// ---------------------------------------------------------------- HTTP client with a cookie jar

export class PhaseStats {
  constructor() {
    this.statuses = [];
    this.timings = new Map();
    this.errorSamples = [];
    this.restart503 = 0;
  }
  record(method, pathname, status, ms) {
    this.statuses.push(status);
    const key = `${method} ${pathname}`;
    if (!this.timings.has(key)) this.timings.set(key, []);
    this.timings.get(key).push(ms);
  }
  get serverErrors() {
    return this.statuses.filter((status) => typeof status === "number" && status >= 500).length;
  }
}

export class Client {
  /** `address`: the CF-Connecting-IP this client claims (null: none, the socket's 127.0.0.1). */
  constructor(stats, { origin, address = nextAddress(), userAgent = "bench" } = {}) {
    this.origin = origin;
    this.userAgent = userAgent;
    this.stats = stats;
    this.address = address;
    this.jar = new Map();
  }

  cookie() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  keep(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const gone = attrs.some((a) => {
        const [k, v = ""] = a.trim().split("=");
        return (k.toLowerCase() === "max-age" && Number(v) <= 0) || (k.toLowerCase() === "expires" && Date.parse(v) < Date.now());
      });
      if (gone || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  headers(extra = {}) {
    const headers = { "User-Agent": this.userAgent, Accept: "text/html", ...extra };
    if (this.jar.size) headers.Cookie = this.cookie();
    if (this.address) headers["CF-Connecting-IP"] = this.address;
    return headers;
  }

  /** One request; with `follow`, redirects are followed like a browser (POST then 30x -> GET). */
  async request(method, path, { body, follow = true, headers = {} } = {}) {
    let url = new URL(path, this.origin);
    for (let hop = 0; hop < 10; hop++) {
      const init = { method, redirect: "manual", headers: this.headers(headers), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) };
      if (body !== undefined) {
        init.body = body;
        init.headers["Content-Type"] = "application/x-www-form-urlencoded";
        init.headers.Origin = this.origin;
      }
      const t0 = performance.now();
      let response;
      let text;
      try {
        response = await fetch(url, init);
        text = await response.text();
      } catch (error) {
        const status = error?.name === "TimeoutError" ? "timeout" : "network-error";
        this.stats?.record(method, url.pathname, status, performance.now() - t0);
        return { status, url, text: "", error };
      }
      this.stats?.record(method, url.pathname, response.status, performance.now() - t0);
      if (response.status === 503 && text.startsWith("Your worker restarted mid-request")) {
        // wrangler dev's ProxyWorker could not reach the user Worker (a runtime restart or a lost connection).
        if (this.stats) this.stats.restart503 += 1;
      }
      if (response.status >= 500) {
        this.stats?.errorSamples.push(`${method} ${url.pathname} ${response.status} "${snippet(text)}"`);
      }
      this.keep(response);
      const location = response.headers.get("Location");
      if (!follow || response.status < 300 || response.status >= 400 || !location) {
        return { status: response.status, url, text, location, response };
      }
      url = new URL(location, url);
      if (url.origin !== this.origin) return { status: response.status, url, text, location, response };
      if (response.status !== 307 && response.status !== 308) {
        method = "GET";
        body = undefined;
      }
    }
    return { status: "too-many-redirects", url, text: "" };
  }

  get(path, options) {
    return this.request("GET", path, options);
  }

  submit(form, fields, options) {
    return this.request("POST", form.action, { body: fill(form, fields).toString(), ...options });
  }
}
