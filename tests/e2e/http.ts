/**
 * What a parent reads on a page, from the server's HTML alone: the @http tests check copy, links
 * and prices per variant this way, with no browser (a browser would show the same words, slower).
 */
import { expect, type APIRequestContext } from "@playwright/test";
import { MAIN_URL, type OutboxMail } from "./site";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Decodes the entities React writes into text and attributes. */
function decode(text: string) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") return String.fromCodePoint(name[1].toLowerCase() === "x" ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The text of an HTML fragment as read: no scripts, styles or tags, entities decoded, spaces collapsed. */
export function textOf(html: string) {
  const bare = html.replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, " ").replace(/<!--[\s\S]*?-->/g, "");
  return decode(bare.replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

/** The text as a browser lays it out: like textOf, but inline tags (code, strong, a…) join their words with no space. */
export function inlineTextOf(html: string) {
  return textOf(html.replace(/<\/?(?:a|abbr|b|code|em|i|kbd|mark|small|span|strong|sub|sup)\b[^>]*>/gi, ""));
}

/** The page's `<main>` as HTML (the whole body when it has none). */
export function mainOf(html: string) {
  return /<main\b[\s\S]*<\/main>/i.exec(html)?.[0] ?? html;
}

/** Every element `tag` in the HTML, each as its opening tag's attributes and its inner HTML (not nested in itself). */
export function elements(html: string, tag: string): { attrs: Record<string, string>; html: string; text: string }[] {
  const found = [];
  const pattern = new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, "gi");
  for (const match of html.matchAll(pattern)) {
    found.push({ attrs: attributes(match[1]), html: match[2], text: textOf(match[2]) });
  }
  return found;
}

/** The attributes of an opening tag's source (`a="b" c`), values decoded. */
function attributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const match of source.matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    attrs[match[1].toLowerCase()] = decode(match[2] ?? match[3] ?? match[4] ?? "");
  }
  return attrs;
}

/** The attributes of every void or opening tag `tag` (meta, link, img, input…). */
export function tags(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*?)/?>`, "gi"))].map((match) => attributes(match[1]));
}

/** The attribute of the first tag `tag` whose `key` attribute is `value`, as `<meta property="og:url" content>`. */
export function tagAttr(html: string, tag: string, key: string, value: string, attr: string) {
  return tags(html, tag).find((found) => found[key] === value)?.[attr];
}

/** A page as a parent's first request gets it: its status and HTML; fails on anything but HTML. */
export async function getHtml(request: APIRequestContext, path: string, headers: Record<string, string> = {}) {
  const response = await request.get(path, { headers, maxRedirects: 0 });
  expect(response.headers()["content-type"] ?? "", path).toContain("text/html");
  return { status: response.status(), html: await response.text(), headers: response.headers() };
}

/** A server's outbox for one recipient (GET /dev/outbox.json?to=), as the @http tests read it. */
export async function outboxOf(request: APIRequestContext, to: string, server = MAIN_URL): Promise<OutboxMail[]> {
  const response = await request.get(`${server}/dev/outbox.json?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as OutboxMail[]).filter((mail) => mail.to === to);
}

/** The value of the input a `<label>` with this text names (by its `for`), as a parent reads that field. */
export function fieldValue(html: string, label: string) {
  const id = elements(html, "label").find((found) => found.text === label)?.attrs.for;
  return id === undefined ? undefined : tags(html, "input").find((input) => input.id === id)?.value;
}

/** The elements whose `data-testid` is `testId`, whatever their tag, as `getByTestId` finds them. */
export function byTestId(html: string, testId: string) {
  const names = new Set<string>();
  for (const match of html.matchAll(/<([a-z][a-z0-9]*)\b[^>]*?\bdata-testid="([^"]*)"/gi))
    if (match[2] === testId) names.add(match[1].toLowerCase());
  return [...names].flatMap((tag) => elements(html, tag).filter((found) => found.attrs["data-testid"] === testId));
}

/** The first form in the HTML as its button posts it: its action (or `fallback`) and its fields' names and values. */
export function formOf(html: string, fallback: string) {
  const form = elements(html, "form")[0];
  expect(form, "a form on the page").toBeDefined();
  const fields = new URLSearchParams();
  for (const input of tags(form.html, "input")) if (input.name && input.type !== "checkbox") fields.append(input.name, input.value ?? "");
  for (const button of tags(form.html, "button")) if (button.name) fields.append(button.name, button.value ?? "");
  return { action: form.attrs.action || fallback, fields };
}
