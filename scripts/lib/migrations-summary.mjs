/**
 * wrangler prints its migrations table again after each migration it applies (25 migrations: the
 * table 25 times). `npm start` shows one line per migration this run applied instead.
 * @param {string} output wrangler d1 migrations apply's stdout and stderr
 * @returns {string[]}
 */
export function summarizeMigrations(output) {
  if (/No migrations to apply/.test(output)) return ["D1 migrations: none to apply, the local database is up to date."];
  const lines = output.split("\n");
  const start = lines.findIndex((line) => line.includes("Migrations to be applied"));
  if (start === -1) return [];
  const end = lines.findIndex((line, i) => i > start && line.includes("└"));
  const cell = (line) => /^│\s*([^│\s]+)\s*│/.exec(line)?.[1];
  const pending = lines
    .slice(start, end)
    .map(cell)
    .filter((name) => name && name !== "name");
  // The last table says which of them are done (✅).
  const done = new Set();
  for (const line of lines.slice(end)) {
    const name = cell(line);
    if (!name) continue;
    if (line.includes("✅")) done.add(name);
    else done.delete(name);
  }
  return pending.filter((name) => done.has(name)).map((name) => `D1 migration applied: ${name}`);
}
