import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { getPage } from "#content/index";
import { BulkConfirmForm } from "~/components/admin/BulkConfirmForm";
import { SendConfirm } from "~/components/admin/launch/SendConfirm";
import { Review } from "~/components/admin/waves/Review";

// Rendered outside a router: a form is a plain form, nothing is submitting, links are paths.
vi.mock("@remix-run/react", () => ({
  Form: ({ children }: { children: ReactNode }) => <form method="post">{children}</form>,
  useNavigation: () => ({ state: "idle" }),
}));
vi.mock("~/utils/root-data", () => ({ useLinkTo: () => (path: string) => `/${path}` }));

/** The admin's confirmations say one of a thing in the singular: "1 selected lead", never "1 selected leads". */
const copy = getPage("genius", "admin");
const text = (node: ReactNode) =>
  renderToStaticMarkup(node)
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'");

describe("admin counts at 1", () => {
  it("asks about 1 selected lead", () => {
    for (const intent of ["bulk-delete", "bulk-export", "bulk-revoke"] as const) {
      const shown = text(<BulkConfirmForm copy={copy} request={{ intent, ids: ["a"] }} back="" cancel={null} />);
      expect(shown, intent).toMatch(/\b1 selected lead\b/);
      expect(shown, intent).not.toContain("1 selected leads");
    }
  });

  it("sends an announcement to 1 confirmed parent", () => {
    const review = {
      count: 1,
      standings: { waiting: 1, admitted: 0, accounts: 0 },
      scope: "Genius",
      all: false,
      date: "4 May 2026",
      at: null,
      fields: {},
    };
    const shown = text(<SendConfirm copy={copy} review={review} action="/admin/launch" />);
    expect(shown).toContain("To 1 confirmed parent of Genius");
    expect(shown).toContain("Yes, send it to 1 parent");
    expect(shown).not.toMatch(/\b1 (confirmed )?parents\b/);
  });

  it("reviews a wave where only 1 parent is waiting", () => {
    const review = { seq: 3, asked: 5, count: 1, firstPlace: 7, lastPlace: 7, head: [], tail: [], held: 1 };
    const shown = text(<Review text={copy.waves} review={review} action="/admin/waves" changeHref="/admin/waves" busy={false} />);
    expect(shown).toContain("Wave 3 takes 1 parent: place 7 in line.");
    expect(shown).toContain("Only 1 confirmed parent is waiting, fewer than the 5 asked for.");
    expect(shown).toContain("1 held credit is not counted in these places.");
    expect(shown).not.toMatch(/\b1 (confirmed |held )?(parents|credits)\b/);
  });
});
