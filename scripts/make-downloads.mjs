#!/usr/bin/env node
// Renders the free guide and tips PDFs that the guide and tips e-mails link to (content/*/emails.ts):
// every scripts/downloads/NAME.html becomes public/downloads/NAME.pdf (checked in; run by hand after
// editing a document). The HTML files are self-contained (inline CSS, system fonts, no network) and set
// their own A4 page size, margins and page footer, so Chromium's default header and footer are off.
// Usage: node scripts/make-downloads.mjs [NAME ...]   (needs /usr/bin/chromium or CHROME_PATH)
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const sources = join(root, "scripts/downloads");
const out = join(root, "public/downloads");
const chrome = process.env.CHROME_PATH || "/usr/bin/chromium";

// What a download must be to be worth sending: a few pages a parent reads, small enough for a phone.
const MIN_PAGES = 2;
const MAX_PAGES = 4;
const MAX_BYTES = 300 * 1024;

const wanted = process.argv.slice(2);
const names = readdirSync(sources)
  .filter((file) => file.endsWith(".html"))
  .map((file) => basename(file, ".html"))
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort();
if (names.length === 0) throw new Error(`No documents to render in ${sources}`);

/** Counts page objects; Chromium writes each page dictionary as plain text. */
function pageCount(pdf) {
  return pdf.toString("latin1").match(/\/Type\s*\/Page\b/g)?.length ?? 0;
}

mkdirSync(out, { recursive: true });
// A throwaway profile, so several Chromium runs on the machine never share one.
const profile = mkdtempSync(join(tmpdir(), "downloads-chromium-"));
const problems = [];
try {
  for (const name of names) {
    const pdfPath = join(out, `${name}.pdf`);
    rmSync(pdfPath, { force: true });
    execFileSync(
      chrome,
      [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--no-pdf-header-footer",
        "--disable-background-networking",
        "--no-first-run",
        `--user-data-dir=${profile}`,
        `--print-to-pdf=${pdfPath}`,
        `file://${join(sources, `${name}.html`)}`,
      ],
      { stdio: "ignore" },
    );

    const pdf = readFileSync(pdfPath);
    const pages = pageCount(pdf);
    const bytes = statSync(pdfPath).size;
    console.log(`${name}.pdf: ${pages} pages, ${(bytes / 1024).toFixed(0)} KB`);
    if (pdf.subarray(0, 4).toString("latin1") !== "%PDF") problems.push(`${name}.pdf is not a PDF`);
    if (pages < MIN_PAGES || pages > MAX_PAGES) problems.push(`${name}.pdf has ${pages} pages, want ${MIN_PAGES}-${MAX_PAGES}`);
    if (bytes > MAX_BYTES) problems.push(`${name}.pdf is ${bytes} bytes, over ${MAX_BYTES}`);
  }
} finally {
  rmSync(profile, { recursive: true, force: true });
}
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
