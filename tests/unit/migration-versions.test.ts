import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Both migration tools key an applied migration by its version: wrangler by the D1 file's numeric
 * prefix, the Supabase CLI by the 14-digit prefix (supabase_migrations.schema_migrations.version).
 * Two files with one version make `supabase db push`/`db reset` fail on the second, or skip it.
 */
const root = fileURLToPath(new URL("../../", import.meta.url));

function versions(folder: string, pattern: RegExp) {
  const files = readdirSync(`${root}${folder}`).filter((file) => file.endsWith(".sql"));
  const byVersion = new Map<string, string[]>();
  for (const file of files) {
    const version = pattern.exec(file)?.[1] ?? `unnumbered: ${file}`;
    byVersion.set(version, [...(byVersion.get(version) ?? []), file]);
  }
  return { files, clashes: [...byVersion.values()].filter((names) => names.length > 1) };
}

describe("migration versions", () => {
  it("D1 (migrations/): every file has its own 4-digit prefix", () => {
    const { files, clashes } = versions("migrations", /^(\d{4})_[a-z0-9_]+\.sql$/);
    expect(files.length).toBeGreaterThan(0);
    expect(clashes).toEqual([]);
  });

  it("Supabase (supabase/migrations/): every file has its own 14-digit version", () => {
    const { files, clashes } = versions("supabase/migrations", /^(\d{14})_[a-z0-9_]+\.sql$/);
    expect(files.length).toBeGreaterThan(0);
    expect(clashes).toEqual([]);
  });
});
