import { describe, expect, it } from "vitest";
import { getPage } from "#content/index";
import { adminSchema } from "#content/schemas/admin";
import { ADMIN_COLUMNS, cellText } from "~/admin/columns";
import { csvField, csvRow } from "~/admin/csv";
import { leadEditValidator } from "~/admin/edit-schema";
import { backValue, listOptions, parseBack, parseListQuery } from "~/admin/list-query";
import { withLeadDefaults } from "~/data/lead-model";
import type { Lead } from "~/data/ports/lead-store";

const copy = getPage("genius", "admin");

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

describe("admin copy", () => {
  it("every variant's admin copy passes the schema and keeps SPEC 8's messages", () => {
    for (const key of ["genius", "icehockey", "tennis"] as const) {
      const page = adminSchema.parse(getPage(key, "admin"));
      expect(page.messages.fetchFailed).toBe("Failed to fetch leads. Make sure you have 'admin' role.");
    }
    expect(getPage("tennis", "admin").metaTitle).toBe("Lead management | Tennis Champion");
  });
});

describe("CSV", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a, b")).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvRow(["a", "b,c"])).toBe('a,"b,c"\r\n');
  });

  it("neutralises values a spreadsheet would run as a formula", () => {
    for (const value of ["=1+1", "+1", "-2", "@SUM(A1)", "\t=cmd", "\r=cmd"]) {
      expect(csvField(value).replace(/^"/, "").startsWith("'")).toBe(true);
    }
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvField("a=b")).toBe("a=b");
  });
});

describe("admin list query", () => {
  it("keeps only known filters and bounded paging", () => {
    const query = parseListQuery(new URLSearchParams("q= Ann@X &source=guide_download&step=3&order=asc&page=4"));
    expect(query).toEqual({ q: "Ann@X", source: "guide_download", step: 3, order: "asc", page: 4 });
    expect(parseListQuery(new URLSearchParams("source=drop%20table&step=9&page=-3&order=sideways"))).toEqual({
      q: "",
      source: "",
      step: null,
      order: "desc",
      page: 1,
    });
  });

  it("maps to store options sorted by created date", () => {
    const options = listOptions(parseListQuery(new URLSearchParams("q=ann&step=2&page=2")));
    expect(options).toMatchObject({ sortBy: "created_at", direction: "desc", page: 2, pageSize: 50 });
    expect(options.filters).toEqual({ search: "ann", lead_source: undefined, step_completed: 2, entered: true });
  });

  it("round-trips the list view the forms carry back", () => {
    const query = parseListQuery(new URLSearchParams("q=a&source=tips_download&page=3"));
    expect(parseBack(backValue(query))).toEqual(query);
    expect(parseBack(null).page).toBe(1);
  });
});

describe("edit form validation", () => {
  const validator = leadEditValidator(["starter", "growth"], copy.edit.errors);

  it("accepts a valid edit; unchecked boxes are false, empty choices null", async () => {
    const result = await validator.validate(
      form({
        email: " Ann@Example.com ",
        step_completed: "3",
        lead_source: "guide_download",
        plan_chosen: "",
        billing_cycle: "",
        copied_ref_link: "on",
      }),
    );
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual({
      email: "Ann@Example.com",
      step_completed: 3,
      lead_source: "guide_download",
      plan_chosen: null,
      billing_cycle: null,
      email_verified: false,
      followed_on_facebook: false,
      copied_share_message: false,
      copied_ref_link: true,
      clicked_roadmap_button: false,
    });
  });

  it("refuses a bad e-mail, step, source, another variant's plan and an unknown cycle", async () => {
    const result = await validator.validate(
      form({ email: "nope", step_completed: "4", lead_source: "ads", plan_chosen: "practice", billing_cycle: "weekly" }),
    );
    expect(result.error?.fieldErrors).toEqual({
      email: copy.edit.errors.email,
      step_completed: copy.edit.errors.step,
      lead_source: copy.edit.errors.leadSource,
      plan_chosen: copy.edit.errors.plan,
      billing_cycle: copy.edit.errors.billingCycle,
    });
  });
});

describe("admin cells", () => {
  const lead: Lead = {
    id: "1",
    ...withLeadDefaults({ email: "a@b.co", lead_source: "tips_download", age_bands: ["1-2y", "3-4y"], billing_cycle: "yearly" }),
  };

  it("shows sources and cycles by label, lists joined, flags as Yes/No", () => {
    expect(cellText(lead, "lead_source", copy)).toBe("Tips");
    expect(cellText(lead, "billing_cycle", copy)).toBe("Yearly");
    expect(cellText(lead, "age_bands", copy)).toBe("1-2y, 3-4y");
    expect(cellText({ ...lead, copied_ref_link: true }, "copied_ref_link", copy)).toBe("Yes");
    expect(cellText(lead, "followed_on_facebook", copy)).toBe("No");
  });

  it("does not show a step outside 1-3 (SPEC 4.6)", () => {
    expect(cellText({ ...lead, step_completed: 7 }, "step_completed", copy)).toBe("");
    expect(cellText(lead, "step_completed", copy)).toBe("1");
  });

  it("has every admin column of SPEC 3.1 in order", () => {
    expect(ADMIN_COLUMNS).toHaveLength(18);
    expect(ADMIN_COLUMNS[0]).toBe("email");
    expect(ADMIN_COLUMNS.at(-1)).toBe("created_at");
  });
});
