import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { getPage, type ContentKey } from "#content/index";
import { ReferralShare } from "~/components/share/ReferralShare";
import { getBackend } from "~/data/backend.server";
import { signLeadLink } from "~/platform/lead-links.server";
import { statusPage } from "~/referrals/pages.server";
import { testContext } from "./helpers/context";
import { useLocalD1 } from "./helpers/local-d1";

// Rendered outside a router: the new-tab note's words are all the component needs of the root data.
vi.mock("~/utils/root-data", () => ({ useRootData: () => ({ a11y: { opensInNewTab: "(opens in a new tab)" } }) }));

/** A page that offers sharing says one message: the copy box and every one-tap link carry the same words. */
const d1 = useLocalD1();

const decode = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
/** A message without the link it ends in (each channel tags the link its own way). */
const words = (message: string) => message.replace(/\s*\S+$/, "");

/** What the parent reads: the copy box's message and the messages of the WhatsApp, X, e-mail and SMS links. */
function messagesOn(copy: Parameters<typeof ReferralShare>[0]["copy"], refLink: string) {
  const html = renderToStaticMarkup(<ReferralShare copy={copy} refLink={refLink} followHref="/follow" />);
  const box = decode(/data-testid="share-message">([^<]*)</.exec(html)![1]);
  const href = (channel: string) => new URL(decode(new RegExp(`href="([^"]*)"[^>]*data-channel="${channel}"`).exec(html)![1]));
  return {
    box: words(box),
    wa: words(href("wa").searchParams.get("text")!),
    x: href("x").searchParams.get("text")!,
    email: words(href("email").searchParams.get("body")!),
    sms: words(new URL(href("sms").href.replace("sms:?&", "sms:?")).searchParams.get("body")!),
  };
}

const KEYS: ContentKey[] = ["genius", "icehockey", "tennis"];

describe.each(KEYS)("the share message of %s", (key) => {
  it("/confirm: SPEC's message in the copy box and in every one-tap link", () => {
    const copy = getPage(key, "confirm");
    const spec = words(copy.vip.shareMessage);
    expect(spec).toContain("a 24/7 AI tutor for parents, personalised to your child's age, interests and goals");
    expect(messagesOn(copy, "https://site.example/?r=ABCD2345")).toEqual({ box: spec, wa: spec, x: spec, email: spec, sms: spec });
  });

  it("/status: one message in the copy box and in every one-tap link", async () => {
    const query = key === "genius" ? "" : `domain=champion&sport=${key}&`;
    const table = key === "genius" ? "leads" : `leads_${key}`;
    const { ctx } = testContext(`http://127.0.0.1:8810/status?${query}`, d1.bindings);
    const lead = await getBackend(ctx).leads.create(table as never, {
      email: `share-${key}@example.com`,
      referred_by: null,
      step_completed: 3,
      ref_code: null,
    });
    const token = await signLeadLink({}, true, { purpose: "status", table: table as never, leadId: lead.id, ttlMs: 60_000 });
    const url = `http://127.0.0.1:8810/status?${query}t=${token}`;
    const page = (await statusPage(testContext(url, d1.bindings).ctx, new URL(url))) as unknown as {
      data: { share: Parameters<typeof ReferralShare>[0]["copy"]; view: { refLink: string } };
    };
    const seen = messagesOn(page.data.share, page.data.view.refLink);
    expect(new Set(Object.values(seen)).size, JSON.stringify(seen)).toBe(1);
    // The status page speaks in the edition's own voice.
    expect(seen.box).toBe(words(getPage(key, "confirm").vip.oneTap.message));
  });
});
