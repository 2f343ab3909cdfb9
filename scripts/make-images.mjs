#!/usr/bin/env node
// Regenerates the per-variant images under public/images (checked in; run by hand after a design change):
// - screenshot-{variant}.svg: a phone mockup of the app showing one day's activity plan (300x600);
// - share-{variant}.png: the 1200x630 Open Graph card, rendered with headless Chromium;
// - share-{variant}-{stage}.png: the card a parent's referral link unfurls into, one per age stage of
//   the roadmap (its title and ages come from the pinned content output, which
//   tests/unit/content-pin.test.ts keeps equal to content/);
// - public/favicon.ico: a 64x64 star mark (PNG inside an ICO), so browsers' default request finds it.
// Usage: node scripts/make-images.mjs   (needs /usr/bin/chromium or CHROME_PATH; ImageMagick optional)
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const out = join(root, "public/images");
const chrome = process.env.CHROME_PATH || "/usr/bin/chromium";

// Colours: the same values as content/<variant>/brand.ts (tests/unit/brand.test.ts checks they agree).
const variants = {
  genius: {
    brand: "#6d28d9",
    soft: "#f3e8ff",
    strong: "#4c1d95",
    app: "AI Parenting Genius",
    letter: "G",
    who: "Sample day · 3-4 years",
    headline: "Today's plan",
    items: [
      ["Morning · 4 min", "Colour hunt walk", "Language"],
      ["Afternoon · 3 min", "Count the spoons", "Early maths"],
      ["Bedtime · 3 min", "Feelings story", "Emotions"],
    ],
    tip: ["Tip: name three colours you see", "on the way to nursery."],
    share: {
      title: "AI Parenting Genius",
      line: "Daily, personalised activities for your child, from expecting to 10+.",
      note: "7-day free trial · No credit card · 100 first-wave spots",
    },
  },
  icehockey: {
    brand: "#0b5cad",
    soft: "#e0f2fe",
    strong: "#0b2545",
    app: "Hockey Champion",
    letter: "C",
    who: "Sample session · 9-10 years",
    headline: "Today's off-ice drills",
    items: [
      ["Warm-up · 3 min", "Dynamic mobility", "Skating"],
      ["Hands · 4 min", "Figure-8 puck hands", "Puck control"],
      ["Edges · 3 min", "One-leg balance", "Balance"],
    ],
    tip: ["Tip: keep the puck on the sweet spot", "of the blade, eyes up."],
    share: {
      title: "Hockey Champion",
      line: "Daily off-ice drills and a season roadmap for ages 0-10 and up to 15+.",
      note: "7-day free trial · No credit card · 100 first-wave spots",
    },
  },
  tennis: {
    brand: "#15803d",
    soft: "#f0fccf",
    strong: "#14532d",
    app: "Tennis Champion",
    letter: "C",
    who: "Sample day · 6-9 years",
    headline: "Today's court drills",
    items: [
      ["Footwork · 3 min", "Split-step ladder", "Agility"],
      ["Strokes · 4 min", "Wall rally forehand", "Technique"],
      ["Serve · 3 min", "Toss consistency", "Serve & return"],
    ],
    tip: ["Tip: split-step as your partner's", "racket meets the ball."],
    share: {
      title: "Tennis Champion",
      line: "Daily personalised tennis drills and a clear roadmap for ages 0-12.",
      note: "7-day free trial · No credit card · 100 first-wave spots",
    },
  },
};

const esc = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A 300x600 phone showing the day's plan; plain shapes and system fonts keep it ~3 KB. */
function phoneSvg(v) {
  const cards = v.items
    .map(([when, title, tag], i) => {
      const y = 176 + i * 96;
      const done = i === 0;
      return (
        `<g transform="translate(28 ${y})"><rect width="244" height="84" rx="14" fill="#fff" stroke="#e2e8f0"/>` +
        `<text x="16" y="26" font-size="11" fill="#64748b">${esc(when)}</text>` +
        `<text x="16" y="48" font-size="15" font-weight="700" fill="#0f172a">${esc(title)}</text>` +
        `<rect x="16" y="58" width="${tag.length * 6.4 + 16}" height="18" rx="9" fill="${v.soft}"/>` +
        `<text x="24" y="71" font-size="10" font-weight="600" fill="${v.strong}">${esc(tag)}</text>` +
        (done
          ? `<circle cx="220" cy="42" r="12" fill="${v.brand}"/><path d="M214 42l4 4 8-8" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>`
          : `<circle cx="220" cy="42" r="11" fill="none" stroke="#cbd5e1" stroke-width="2"/>`) +
        `</g>`
      );
    })
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="600" viewBox="0 0 300 600" font-family="system-ui,-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">` +
    `<rect x="4" y="4" width="292" height="592" rx="44" fill="#0f172a"/>` +
    `<rect x="14" y="14" width="272" height="572" rx="34" fill="#f8fafc"/>` +
    `<path d="M14 48a34 34 0 0 1 34-34h204a34 34 0 0 1 34 34v94H14z" fill="${v.brand}"/>` +
    `<rect x="115" y="22" width="70" height="8" rx="4" fill="#0f172a"/>` +
    `<rect x="28" y="52" width="32" height="32" rx="9" fill="#fff"/>` +
    `<text x="44" y="74" font-size="17" font-weight="800" fill="${v.brand}" text-anchor="middle">${v.letter}</text>` +
    `<text x="70" y="73" font-size="14" font-weight="700" fill="#fff">${esc(v.app)}</text>` +
    `<text x="28" y="110" font-size="19" font-weight="800" fill="#fff">${esc(v.headline)}</text>` +
    `<text x="28" y="130" font-size="12" fill="#fff" fill-opacity=".85">${esc(v.who)}</text>` +
    `<text x="28" y="164" font-size="11" font-weight="700" fill="#475569">1 of 3 done · 10 min today</text>` +
    `<rect x="196" y="156" width="76" height="8" rx="4" fill="#e2e8f0"/><rect x="196" y="156" width="26" height="8" rx="4" fill="${v.brand}"/>` +
    cards +
    `<rect x="28" y="468" width="244" height="52" rx="14" fill="${v.soft}"/>` +
    `<text x="42" y="490" font-size="10.5" fill="${v.strong}">${esc(v.tip[0])}</text>` +
    `<text x="42" y="506" font-size="10.5" fill="${v.strong}">${esc(v.tip[1])}</text>` +
    `<rect x="28" y="534" width="244" height="36" rx="18" fill="${v.brand}"/>` +
    `<text x="150" y="557" font-size="13" font-weight="700" fill="#fff" text-anchor="middle">Ask the AI coach</text>` +
    `</svg>\n`
  );
}

function shareHtml(v, svg) {
  const phone = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    html,body{margin:0;width:1200px;height:630px;overflow:hidden}
    body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;
      background:linear-gradient(135deg,${v.strong} 0%,${v.brand} 60%,${v.brand} 100%);color:#fff;
      display:flex;align-items:center;justify-content:space-between;padding:0 90px;box-sizing:border-box}
    .mark{display:inline-flex;width:72px;height:72px;border-radius:18px;background:#fff;color:${v.brand};
      font-weight:800;font-size:40px;align-items:center;justify-content:center}
    h1{font-size:${v.share.title.length > 24 ? 54 : 68}px;line-height:1.05;margin:28px 0 18px;font-weight:800;letter-spacing:-1px;max-width:660px}
    p{font-size:30px;line-height:1.35;margin:0;max-width:640px;opacity:.95}
    .note{margin-top:30px;font-size:22px;font-weight:700;background:rgba(255,255,255,.16);
      display:inline-block;padding:12px 20px;border-radius:999px}
    img{height:560px;filter:drop-shadow(0 20px 40px rgba(0,0,0,.35))}
  </style></head><body><div><span class="mark">${v.letter}</span><h1>${esc(v.share.title)}</h1>
  <p>${esc(v.share.line)}</p><span class="note">${esc(v.share.note)}</span></div>
  <img src="${phone}" alt=""></body></html>`;
}

function screenshot(htmlFile, png, width, height, extra = []) {
  execFileSync(
    chrome,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--hide-scrollbars",
      "--force-device-scale-factor=1",
      ...extra,
      `--screenshot=${png}`,
      `--window-size=${width},${height}`,
      `file://${htmlFile}`,
    ],
    { stdio: "ignore" },
  );
  if (!existsSync(png)) throw new Error(`Chromium wrote no ${png}`);
}

/** An ICO file holding one PNG image (supported by every current browser). */
function icoFromPng(png, size) {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // image data offset
  return Buffer.concat([header, png]);
}

const faviconHtml = `<!doctype html><html><head><style>html,body{margin:0;width:64px;height:64px;overflow:hidden}
div{width:64px;height:64px;border-radius:14px;background:#4c1d95;display:flex;align-items:center;justify-content:center}
</style></head><body><div><svg width="40" height="40" viewBox="0 0 24 24" fill="#fff">
<path d="M12 2l2.9 6.9L22 9.6l-5.4 4.8L18.2 22 12 18.2 5.8 22l1.6-7.6L2 9.6l7.1-.7z"/></svg></div></body></html>`;

const tmp = mkdtempSync(join(tmpdir(), "share-"));
try {
  const content = JSON.parse(readFileSync(join(root, "tests/unit/fixtures/content-output.json"), "utf8")).variants;
  /** Renders one 1200x630 card to public/images/{name}.png. */
  const card = (name, v, svg) => {
    const html = join(tmp, `${name}.html`);
    const png = join(out, `${name}.png`);
    writeFileSync(html, shareHtml(v, svg));
    screenshot(html, png, 1200, 630);
    try {
      // Optional: a 256-colour palette shrinks the card several times with no visible loss.
      execFileSync("convert", [png, "-strip", "-colors", "256", `PNG8:${png}`], { stdio: "ignore" });
    } catch {
      // ImageMagick missing: keep Chromium's PNG.
    }
    const header = readFileSync(png).subarray(16, 24);
    console.log(`${name}: ${header.readUInt32BE(0)}x${header.readUInt32BE(4)} ${statSync(png).size} B`);
  };
  for (const [key, v] of Object.entries(variants)) {
    const svg = phoneSvg(v);
    writeFileSync(join(out, `screenshot-${key}.svg`), svg);
    console.log(`screenshot-${key}.svg: ${svg.length} B`);
    card(`share-${key}`, v, svg);
    // A referral link's card names the site and an age stage: never a parent or a child.
    const { roadmapPlan, options } = content[key].pages;
    for (const stage of roadmapPlan.stages) {
      const ages = stage.bands.map((band) => options.ageBands.find((option) => option.value === band)?.label ?? band).join(" · ");
      const title = roadmapPlan.share.title.replace("{stage}", stage.label);
      card(`share-${key}-${stage.id}`, { ...v, share: { ...v.share, title, line: ages } }, svg);
    }
  }
  const faviconFile = join(tmp, "favicon.html");
  const faviconPng = join(tmp, "favicon.png");
  writeFileSync(faviconFile, faviconHtml);
  screenshot(faviconFile, faviconPng, 64, 64, ["--default-background-color=00000000"]);
  writeFileSync(join(root, "public/favicon.ico"), icoFromPng(readFileSync(faviconPng), 64));
  console.log(`favicon.ico ${statSync(join(root, "public/favicon.ico")).size} B`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
