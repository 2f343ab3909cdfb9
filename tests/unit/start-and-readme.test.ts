import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getPage } from "#content/index";
import { summarizeMigrations } from "../../scripts/lib/migrations-summary.mjs";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

/** wrangler's output for a run applying three migrations: the table again after each one. */
function wranglerOutput(names: string[]): string {
  const table = (status: (i: number) => string) =>
    ["┌──┬──┐", "│ name │ status │", ...names.flatMap((name, i) => ["├──┼──┤", `│ ${name} │ ${status(i)} │`]), "└──┴──┘"].join("\n");
  const runs = names.map((_, done) => `🚣 1 commands executed successfully.\n${table((i) => (i <= done ? "✅" : "🕒️"))}`);
  return ["Migrations to be applied:", "┌──┐", ...names.flatMap((name) => [`│ ${name} │`, "├──┤"]), "└──┘", ...runs].join("\n");
}

describe("npm start's output", () => {
  it("prints one line per migration a run applied, not wrangler's table after each", () => {
    const names = ["0001_leads.sql", "0002_outbox.sql", "0003_accounts.sql"];
    expect(summarizeMigrations(wranglerOutput(names))).toEqual([
      "D1 migration applied: 0001_leads.sql",
      "D1 migration applied: 0002_outbox.sql",
      "D1 migration applied: 0003_accounts.sql",
    ]);
    expect(summarizeMigrations("✅ No migrations to apply!")).toEqual(["D1 migrations: none to apply, the local database is up to date."]);
  });

  it("applies the migrations through the summary and prints the QA index and the admin pages' URLs", () => {
    const start = read("scripts/start.sh");
    expect(start).toContain("scripts/migrate-local.mjs");
    expect(start).not.toMatch(/^npx wrangler d1 migrations apply/m);
    expect(start).toContain("/qa");
    expect(start).toContain("/admin/leads");
  });
});

describe("the README", () => {
  const readme = read("README.md");

  it("stands alone: no link outside the repository", () => {
    expect(readme).not.toContain("../shared/");
    expect(readme).not.toMatch(/`DESIGN\.md`|`SPEC\.md`/);
  });

  it("walks QA through the form's three steps and the buttons the pages show", () => {
    const waves = getPage("genius", "admin").waves;
    expect(readme).not.toContain("answer the two steps");
    expect(readme).toContain("answer the three steps");
    expect(readme).not.toContain("Admit the next N and send their invites");
    expect(readme).toContain(waves.admit.other.replace("{count}", "N"));
  });
});
