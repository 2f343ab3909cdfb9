// The demo data of `npm run seed`: SQL statements that give each variant's admin console a used
// look (leads, the referral ledger, funnel analytics, mails in the outbox) and a QA admin account.
//
// Idempotent by construction: every row has a key derived from the variant and its number in a
// simulation that does not depend on the date (ids, session ids, dedupe keys), and every insert
// does nothing when its key exists. Only the timestamps are counted back from `now`, so a later run
// finds every key taken and writes nothing, and the first run's dates stay as they were.
import { createHash } from "node:crypto";
import { adminAccountSql, sqlString as q } from "./d1.mjs";

export const DEFAULT_ADMIN_EMAIL = "qa-admin@example.com";
/** Printed by local runs; a remote run must be given its own password. */
export const DEMO_PASSWORD = "demo-password-local-only";

/** The closing line of `npm run seed` about the admin's password: the demo one is printed, a given one never. */
export function adminPasswordLine(givenPassword) {
  return givenPassword ? "Password: the one in SEED_ADMIN_PASSWORD." : `Password: ${DEMO_PASSWORD}   <-- DEMO PASSWORD, local use only`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Days back the simulation covers: everything lands in the dashboard's default last 30 days. */
const DAYS = 29;
/** The app's placeholder address of a lead that has not reached step 3 (app/data/lead-model.ts). */
const PENDING_EMAIL = "pending@placeholder.invalid";
/** content/referrals.ts: places a parent moves up per credited referral. */
const PLACES_PER_CREDIT = 5;
const EVENTS_PER_STATEMENT = 100;

const GENIUS_OPTIONS = {
  ageBands: ["0-12m", "1-2y", "3-4y", "5-6y", "6-9"],
  time: ["less-15m", "15-30m", "30-60m", "it-depends"],
  focus: ["language-literacy", "early-math", "creativity-art", "social-emotional", "stem-curiosity", "independence"],
  goals: ["daily-habit", "school-success", "reduce-screen", "parent-bond", "boost-confidence"],
  concerns: ["not-enough", "no-time", "unsure-start", "no-routine", "too-much-screen"],
  plans: ["starter", "growth", "genius", "pro"],
};

export const VARIANTS = [
  {
    key: "genius",
    contentKey: "genius",
    table: "leads",
    variant: { domain: "genius" },
    origin: "https://aiparenting.example",
    visitors: 26,
    options: GENIUS_OPTIONS,
    campaigns: [
      { source: "facebook", medium: "cpc", campaign: "spring-waitlist", weight: 5 },
      { source: "instagram", medium: "social", campaign: "toddler-tips", weight: 3 },
      { source: "google", medium: "cpc", campaign: "parenting-search", weight: 3 },
      { source: "newsletter", medium: "email", campaign: "kindergarten-partners", weight: 1 },
    ],
  },
  {
    key: "champion-icehockey",
    contentKey: "icehockey",
    table: "leads_icehockey",
    variant: { domain: "champion", sport: "icehockey" },
    origin: "https://champion.example",
    visitors: 13,
    options: {
      ageBands: ["5-6y", "7-8y", "9-10y", "11-12y", "13-14y"],
      time: ["1x-week", "2-3x-week", "4-5x-week", "varies"],
      focus: ["skating-speed", "balance-edges", "stickhandling", "shooting", "game-sense"],
      goals: ["skating-fundamentals", "puck-confidence", "shot-improvement", "team-selection", "love-for-game"],
      concerns: ["falling-behind", "unsure-training", "too-little-ice", "too-expensive", "low-confidence"],
      plans: ["practice", "compete", "champion", "pro-academy"],
    },
    campaigns: [
      { source: "facebook", medium: "cpc", campaign: "offseason-training", weight: 4 },
      { source: "youtube", medium: "social", campaign: "stickhandling-drills", weight: 3 },
      { source: "club-newsletter", medium: "email", campaign: "u10-clubs", weight: 2 },
    ],
  },
  {
    key: "champion-tennis",
    contentKey: "tennis",
    table: "leads_tennis",
    variant: { domain: "champion", sport: "tennis" },
    origin: "https://champion.example",
    visitors: 11,
    options: {
      ageBands: ["3-4y", "5-6y", "6-9", "10+"],
      time: GENIUS_OPTIONS.time,
      focus: ["footwork-agility", "stroke-fundamentals", "serve-return", "match-iq", "mental-toughness"],
      goals: ["daily-habit", "get-tournament-ready", "win-u10-u12", "improve-strokes", "boost-confidence"],
      concerns: ["not-enough", "no-time", "unsure-start", "too-many-drills", "pressure-melts"],
      plans: ["practice", "compete", "champion", "pro-academy"],
    },
    campaigns: [
      { source: "instagram", medium: "social", campaign: "junior-serve", weight: 4 },
      { source: "google", medium: "cpc", campaign: "tennis-parents", weight: 3 },
      { source: "partner", medium: "referral", campaign: "academy-open-day", weight: 1 },
    ],
  },
];

const FIRST_NAMES = [
  "Emma",
  "Liam",
  "Sofia",
  "Noah",
  "Mia",
  "Lukas",
  "Anna",
  "Jakub",
  "Ella",
  "Oliver",
  "Clara",
  "Matteo",
  "Lena",
  "Tomas",
  "Nora",
  "Felix",
  "Ava",
  "Adam",
  "Zoe",
  "Leo",
  "Hana",
  "Max",
  "Ivy",
  "Jonas",
  "Maya",
  "Oskar",
  "Lucy",
  "Elias",
  "Iris",
  "Hugo",
  "Alice",
  "Samuel",
  "Freya",
  "Daniel",
  "Julia",
  "Theo",
];
const SURNAMES = [
  "novak",
  "berg",
  "keller",
  "moreau",
  "silva",
  "lindqvist",
  "horak",
  "fischer",
  "rossi",
  "dvorak",
  "olsen",
  "meyer",
  "costa",
  "janssen",
  "kral",
  "weber",
  "laurent",
  "nowak",
  "bauer",
  "marsh",
];

/** A small seeded generator (mulberry32): the same data on every run and machine. */
function generator(seedText) {
  let a = createHash("sha256").update(seedText).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sha256 = (text) => createHash("sha256").update(text).digest();

/** A UUID (version 4 layout) derived from `name`: the same row gets the same id on every run. */
function stableUuid(name) {
  const hex = sha256(`seed:${name}`).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The lead's referral code as the app makes it (app/data/lead-codes.server.ts): base32 of SHA-256("{email}:{stamp}"). */
function refCodeOf(email, stamp) {
  const bytes = sha256(`${email.trim().toLowerCase()}:${stamp}`);
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0n;
  for (const byte of bytes.subarray(0, 5)) bits = (bits << 8n) | BigInt(byte);
  let code = "";
  for (let i = 7; i >= 0; i--) code += alphabet[Number((bits >> BigInt(i * 5)) & 31n)];
  return code;
}

/** hashed_email as the app stores it: the first 12 hex characters of SHA-256 of the lower-cased address. */
const hashedEmailOf = (email) => sha256(email.trim().toLowerCase()).subarray(0, 6).toString("hex");

/** normalized_email: lower case without a +tag (the seed uses no Gmail addresses, whose dots also go). */
function canonicalEmail(email) {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  return `${address.slice(0, at).split("+")[0]}${address.slice(at)}`;
}

function weighted(rng, items) {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let x = rng() * total;
  for (const item of items) if ((x -= item.weight) < 0) return item;
  return items.at(-1);
}

const pick = (rng, list) => list[Math.floor(rng() * list.length)];

/**
 * One variant's visitors, day by day from the oldest: the events each visit leaves, and the lead
 * (with its confirmation and referral) of each visitor who gave an e-mail. Times are "ms before
 * now" (`back`), so nothing here depends on the date the seed runs.
 */
function simulate(v) {
  const rng = generator(`seed:${v.key}`);
  const events = [];
  const leads = [];
  const emails = new Set();
  let visitor = 0;

  const newEmail = () => {
    for (;;) {
      const first = pick(rng, FIRST_NAMES).toLowerCase();
      const address = `${first}.${pick(rng, SURNAMES)}@${rng() < 0.7 ? "example.com" : "example.org"}`;
      if (!emails.has(address)) return (emails.add(address), address);
    }
  };

  const addLead = (lead) => {
    const n = leads.length;
    const record = {
      n,
      id: stableUuid(`${v.table}:lead:${n}`),
      risk_flags: [],
      referral: null,
      ...lead,
    };
    leads.push(record);
    return record;
  };

  // Who a referred visitor was sent by: the variant's first parents (its ambassadors) or a parent who
  // joined in the days before, so first credits come both fast and after weeks.
  const referrerFor = (back) => {
    const earlier = leads.filter((l) => l.email !== PENDING_EMAIL && l.createdBack > back + HOUR && !l.special);
    if (earlier.length === 0) return null;
    if (rng() < 0.55) return earlier[Math.floor(rng() * Math.min(3, earlier.length))];
    const recent = earlier.filter((l) => l.createdBack - back < 5 * DAY);
    return recent.length ? pick(rng, recent) : pick(rng, earlier);
  };

  // Confirmation delay: most within two hours, some the next day, a few after days.
  const confirmDelay = () => {
    const r = rng();
    if (r < 0.6) return 2 * MINUTE + rng() * 2 * HOUR;
    if (r < 0.85) return 2 * HOUR + rng() * 22 * HOUR;
    return DAY + rng() * 2 * DAY;
  };

  for (let d = DAYS - 1; d >= 0; d--) {
    // Growing towards today, quieter at the weekend-like end of each week.
    const trend = 0.55 + (0.9 * (DAYS - 1 - d)) / (DAYS - 1);
    const week = d % 7 === 5 || d % 7 === 6 ? 0.7 : 1;
    const count = Math.max(2, Math.round(v.visitors * trend * week * (0.8 + 0.4 * rng())));
    for (let i = 0; i < count; i++) {
      const session = `seed-${v.key}-${String(visitor++).padStart(5, "0")}`;
      const start = d * DAY + (0.06 + 0.9 * rng()) * DAY;
      const utm = rng() < 0.35 ? { source: "", medium: "", campaign: "" } : weighted(rng, v.campaigns);
      const referrer = rng() < 0.15 ? referrerFor(start) : null;
      const jsOn = rng() < 0.85;
      const visit = { session, utm, hasReferrer: referrer !== null };
      const event = (name, minutes, js = jsOn ? "on" : "off") => events.push({ ...visit, name, back: start - minutes * MINUTE, js });
      event("landing_view", 0, "unknown");

      const attribution = {
        utm_source: utm.source || null,
        utm_medium: utm.medium || null,
        utm_campaign: utm.campaign || null,
        referred_by: referrer?.ref_code ?? null,
      };
      const path = rng();
      let lead = null;
      if (path < 0.5) {
        event("form_step1_view", 1, "unknown");
        if (rng() >= 0.8) continue;
        event("form_step1_done", 3);
        const step1 = {
          age_bands: [pick(rng, v.options.ageBands)],
          time_available: pick(rng, v.options.time),
          children_count: rng() < 0.7 ? 1 : 2,
        };
        event("form_step2_view", 3.2);
        const completed2 = rng() < 0.82;
        const step2 = {
          focus_areas: [pick(rng, v.options.focus), pick(rng, v.options.focus)].filter((x, j, a) => a.indexOf(x) === j),
          goals: [pick(rng, v.options.goals)],
          biggest_concern: pick(rng, v.options.concerns),
        };
        if (completed2) {
          event("form_step2_done", 6);
          event("form_step3_view", 6.2);
        }
        const completed3 = completed2 && rng() < 0.72;
        if (!completed3) {
          // The app keeps a visitor who left before the e-mail as a placeholder lead for 7 days.
          if (start < 6 * DAY) {
            addLead({
              email: PENDING_EMAIL,
              lead_source: "main_funnel",
              step_completed: completed2 ? 2 : 1,
              createdBack: start - 3 * MINUTE,
              ...attribution,
              referred_by: null,
              ...step1,
              ...(completed2 ? step2 : {}),
            });
          }
          continue;
        }
        event("form_step3_done", 8);
        event("roadmap_view", 8.3);
        let plan = {};
        if (rng() < 0.8) {
          event("plans_view", 10);
          if (rng() < 0.62) {
            event("plan_chosen", 12);
            event("confirm_view", 12.2);
            plan = { plan_chosen: pick(rng, v.options.plans), billing_cycle: rng() < 0.6 ? "monthly" : "yearly" };
          }
        }
        lead = { lead_source: "main_funnel", step_completed: 3, createdBack: start - 3 * MINUTE, ...step1, ...step2, ...plan };
        lead.clicked_roadmap_button = rng() < 0.6;
        lead.copied_ref_link = rng() < 0.3;
      } else if (path < 0.72) {
        const kind = path < 0.6 ? "guide" : "tips";
        event(`${kind}_landing_view`, 0.5, "unknown");
        event(`${kind}_form_view`, 1, "unknown");
        if (rng() >= 0.6) continue;
        event(`${kind}_submitted`, 3);
        event(`${kind}_confirm_view`, 3.2);
        lead = {
          lead_source: kind === "guide" ? "guide_download" : "tips_download",
          step_completed: 1,
          createdBack: start - 3 * MINUTE,
          age_bands: [pick(rng, v.options.ageBands)],
          goals: [pick(rng, v.options.goals)],
        };
      } else {
        continue;
      }

      const email = newEmail();
      // The waitlist e-mail, with its confirmation link, is sent when a plan is chosen.
      const main = lead.lead_source === "main_funnel";
      const confirms = rng() < (main ? 0.72 : 0.55) && (!main || "plan_chosen" in lead);
      const delay = confirmDelay();
      const confirmedBack = confirms && lead.createdBack - delay > 0 ? lead.createdBack - delay : null;
      const added = addLead({ ...lead, ...attribution, email, ref_code: refCodeOf(email, "seed"), confirmedBack });
      // Each funnel counts its own parents' confirmations and credits (app/analytics/events.ts).
      const kind = main ? null : lead.lead_source === "guide_download" ? "guide" : "tips";
      if (confirmedBack !== null) {
        events.push({ ...visit, name: kind ? `${kind}_confirmed` : "email_confirmed", back: confirmedBack, js: "unknown" });
      }
      if (referrer) {
        added.referral = { referrer, status: confirmedBack !== null ? "credited" : "pending", reason: null };
        if (confirmedBack !== null) {
          events.push({ ...visit, name: kind ? `${kind}_referral_credited` : "referral_credited", back: confirmedBack, js: "unknown" });
        }
      }
    }
  }
  return { events, leads, addLead, newEmail };
}

/**
 * The referrals the engine turns down, one of each reason it knows, and an admin's revoke: so the
 * ledger shows what a rejected row looks like in every variant.
 */
function addRejections(v, sim) {
  const { leads, addLead, newEmail } = sim;
  const real = leads.filter((l) => l.email !== PENDING_EMAIL);
  const [ambassador, second] = real;
  const someReferrer = real[5] ?? ambassador;
  const special = (lead, referral) => {
    const added = addLead({ special: true, step_completed: 1, lead_source: "tips_download", confirmedBack: null, ...lead });
    added.referral = { ...referral, status: "rejected" };
    return added;
  };
  const [local, domain] = ambassador.email.split("@");
  // The same inbox with a +tag: self-referral.
  const selfEmail = `${local}+kids@${domain}`;
  special(
    {
      email: selfEmail,
      ref_code: refCodeOf(selfEmail, "seed"),
      referred_by: ambassador.ref_code,
      createdBack: 20 * DAY + 3 * HOUR,
      age_bands: [v.options.ageBands[1]],
    },
    { referrer: ambassador, reason: "self-referral" },
  );
  // A throwaway address: rejected, and the lead flagged for an admin.
  const throwaway = `${newEmail().split("@")[0]}@mailinator.com`;
  special(
    {
      email: throwaway,
      ref_code: refCodeOf(throwaway, "seed"),
      referred_by: second.ref_code,
      createdBack: 12 * DAY + 5 * HOUR,
      risk_flags: ["disposable-domain"],
      age_bands: [v.options.ageBands[0]],
    },
    { referrer: second, reason: "disposable-domain" },
  );
  // A parent already on the list signs up again through someone's link: duplicate-email.
  const again = real[Math.min(8, real.length - 1)];
  special(
    {
      email: again.email,
      ref_code: refCodeOf(again.email, "seed-again"),
      referred_by: someReferrer.ref_code,
      createdBack: 8 * DAY + 2 * HOUR,
      age_bands: again.age_bands,
    },
    { referrer: someReferrer, reason: "duplicate-email" },
  );
  // A code that belongs to nobody (mistyped or made up): unknown-code, no referrer.
  const stranger = newEmail();
  special(
    {
      email: stranger,
      ref_code: refCodeOf(stranger, "seed"),
      referred_by: "QZ7KM2XA",
      createdBack: 5 * DAY + 7 * HOUR,
      age_bands: [v.options.ageBands[2]],
    },
    { referrer: null, reason: "unknown-code", refCode: "QZ7KM2XA" },
  );
  // An admin revoked a credit (the ambassador's, if any) a day after it was given.
  const revocable = (l) => l.referral?.status === "credited" && l.confirmedBack > 2 * DAY;
  const revoked = leads.find((l) => revocable(l) && l.referral.referrer === ambassador) ?? leads.find(revocable);
  if (revoked) Object.assign(revoked.referral, { status: "rejected", reason: "revoked", revokedBack: revoked.confirmedBack - DAY });
  // The busiest referrer of the hockey edition is flagged as the engine flags a burst of referrals.
  if (v.key === "champion-icehockey") ambassador.risk_flags = ["fast-referrals"];
}

const LEAD_COLUMNS = [
  "id",
  "email",
  "hashed_email",
  "normalized_email",
  "age_bands",
  "time_available",
  "children_count",
  "step_completed",
  "referred_by",
  "ref_code",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "referral_count",
  "email_verified",
  "copied_ref_link",
  "clicked_roadmap_button",
  "lead_source",
  "focus_areas",
  "goals",
  "biggest_concern",
  "plan_chosen",
  "billing_cycle",
  "risk_flags",
  "confirmed_at",
  "created_at",
];

/** Everything one variant writes, in the order the rows depend on each other. */
function variantStatements(v, now, mailOrigin) {
  const iso = (back) => new Date(now - Math.round(back)).toISOString();
  const sim = simulate(v);
  addRejections(v, sim);
  const { leads, events } = sim;

  const credits = new Map();
  for (const lead of leads) {
    if (lead.referral?.status === "credited") credits.set(lead.referral.referrer, (credits.get(lead.referral.referrer) ?? 0) + 1);
  }

  const statements = [];
  // Confirmed parents in the order they confirmed, each taking the table's next confirm_seq (as
  // the app's confirmLead does), so places follow from the data already in the table.
  const confirmed = leads.filter((l) => l.confirmedBack != null).sort((a, b) => b.confirmedBack - a.confirmedBack);
  const others = leads.filter((l) => l.confirmedBack == null).sort((a, b) => b.createdBack - a.createdBack);
  for (const lead of [...confirmed, ...others]) {
    const count = credits.get(lead) ?? 0;
    const isConfirmed = lead.confirmedBack != null;
    const real = lead.email !== PENDING_EMAIL;
    const values = {
      id: lead.id,
      email: lead.email,
      hashed_email: real ? hashedEmailOf(lead.email) : null,
      normalized_email: real ? canonicalEmail(lead.email) : null,
      age_bands: JSON.stringify(lead.age_bands ?? []),
      time_available: lead.time_available ?? null,
      children_count: lead.children_count ?? null,
      step_completed: lead.step_completed,
      referred_by: lead.referred_by ?? null,
      ref_code: real ? lead.ref_code : null,
      utm_source: lead.utm_source ?? null,
      utm_medium: lead.utm_medium ?? null,
      utm_campaign: lead.utm_campaign ?? null,
      referral_count: count,
      email_verified: isConfirmed ? 1 : 0,
      copied_ref_link: lead.copied_ref_link ? 1 : 0,
      clicked_roadmap_button: lead.clicked_roadmap_button ? 1 : 0,
      lead_source: lead.lead_source,
      focus_areas: JSON.stringify(lead.focus_areas ?? []),
      goals: JSON.stringify(lead.goals ?? []),
      biggest_concern: lead.biggest_concern ?? null,
      plan_chosen: lead.plan_chosen ?? null,
      billing_cycle: lead.billing_cycle ?? null,
      risk_flags: JSON.stringify(lead.risk_flags),
      confirmed_at: isConfirmed ? iso(lead.confirmedBack) : null,
      created_at: iso(lead.createdBack),
    };
    const literals = LEAD_COLUMNS.map((c) => (typeof values[c] === "number" ? values[c] : q(values[c]))).join(", ");
    const next = `COALESCE(MAX(confirm_seq), 0) + 1`;
    statements.push(
      isConfirmed
        ? `INSERT OR IGNORE INTO ${v.table} (${LEAD_COLUMNS.join(", ")}, confirm_seq, place_score)
  SELECT ${literals}, ${next}, ${next} - ${PLACES_PER_CREDIT * count} FROM ${v.table};`
        : `INSERT OR IGNORE INTO ${v.table} (${LEAD_COLUMNS.join(", ")}) VALUES (${literals});`,
    );
  }

  const referrals = leads.filter((l) => l.referral);
  if (referrals.length) {
    const rows = referrals.map((lead) => {
      const r = lead.referral;
      const creditedAt = r.status === "credited" || r.reason === "revoked" ? iso(lead.confirmedBack) : null;
      const updatedAt = r.revokedBack != null ? iso(r.revokedBack) : (creditedAt ?? iso(lead.createdBack));
      return `(${[
        q(stableUuid(`${v.table}:referral:${lead.n}`)),
        q(v.table),
        q(lead.id),
        q(r.referrer?.id ?? null),
        q(r.referrer?.ref_code ?? r.refCode),
        q(v.key),
        q(r.status),
        q(r.reason),
        q(iso(lead.createdBack)),
        q(updatedAt),
        q(creditedAt),
      ].join(", ")})`;
    });
    statements.push(
      `INSERT OR IGNORE INTO referrals (id, lead_table, referred_id, referrer_id, ref_code, variant, status, reason, created_at, updated_at, credited_at) VALUES\n${rows.join(",\n")};`,
    );
  }

  // Events in chunks, under the content key as the app records them (referrals and mails carry
  // the variant key); the table's trigger keeps the daily rollup.
  for (let i = 0; i < events.length; i += EVENTS_PER_STATEMENT) {
    const rows = events.slice(i, i + EVENTS_PER_STATEMENT).map((e) => {
      const at = iso(e.back);
      return `(${[q(e.name), q(v.contentKey), q(at.slice(0, 10)), q(e.session), q(e.utm.source), q(e.utm.medium), q(e.utm.campaign), e.hasReferrer ? 1 : 0, q(e.js), q(at)].join(", ")})`;
    });
    statements.push(
      `INSERT INTO analytics_events (name, variant, day, session_id, utm_source, utm_medium, utm_campaign, has_referrer, js, created_at) VALUES\n${rows.join(",\n")}\nON CONFLICT (session_id, variant, name) DO NOTHING;`,
    );
  }

  statements.push(...outboxStatements(v, leads, iso, mailOrigin));
  statements.push(...clubStatements(v, confirmed, iso));
  return statements;
}

/** Per sport: a club at its milestone, one on its way, and one an admin has still to approve (ADR 039). */
const CLUBS = {
  "champion-icehockey": [
    { name: "HC Sparta Praha", city: "Praha", status: "approved", milestone: 6, families: 6 },
    { name: "HC Kometa Brno", city: "Brno", status: "approved", milestone: 10, families: 3 },
    { name: "HC Slavia Juniors", city: "Praha", status: "pending", milestone: null, families: 0 },
  ],
  "champion-tennis": [
    { name: "TK Sparta Praha", city: "Praha", status: "approved", milestone: 5, families: 5 },
    { name: "LTC Prostějov", city: "Prostějov", status: "approved", milestone: 10, families: 2 },
    { name: "TC Brno Juniors", city: "Brno", status: "pending", milestone: null, families: 0 },
  ],
};

/** The app's slug of a club name (app/clubs/clubs.server.ts slugOf). */
const slugOfName = (name) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

/** Clubs with a confirmed coach each, and confirmed parents of the variant as their families. */
function clubStatements(v, confirmed, iso) {
  const clubs = CLUBS[v.key];
  if (!clubs) return [];
  const families = confirmed.filter((lead) => lead.email !== PENDING_EMAIL && !lead.special);
  const sport = v.variant.sport;
  const statements = [];
  let next = 0;
  clubs.forEach((club, i) => {
    const id = stableUuid(`${v.table}:club:${club.name}`);
    const slug = slugOfName(club.name);
    const registeredBack = (20 - i * 4) * DAY;
    const members = families.slice(next, next + club.families);
    next += members.length;
    const reachedBack = club.milestone !== null && members.length >= club.milestone ? members.at(-1).confirmedBack : null;
    statements.push(
      `INSERT OR IGNORE INTO clubs (id, lead_table, variant, slug, name, city, sport, status, milestone, milestone_reached_at, confirmed_at, created_at) VALUES (${[
        q(id),
        q(v.table),
        q(v.key),
        q(slug),
        q(club.name),
        q(club.city),
        q(sport),
        q(club.status),
        club.milestone ?? "NULL",
        q(reachedBack === null ? null : iso(reachedBack)),
        q(iso(registeredBack - HOUR)),
        q(iso(registeredBack)),
      ].join(", ")});`,
      `INSERT OR IGNORE INTO club_contacts (club_id, email, confirmed_at, created_at) VALUES (${[
        q(id),
        q(`coach@${slug}.example`),
        q(iso(registeredBack - HOUR)),
        q(iso(registeredBack)),
      ].join(", ")});`,
    );
    if (members.length) {
      const rows = members.map((lead) => `(${[q(v.table), q(lead.id), q(id), q(iso(lead.confirmedBack))].join(", ")})`);
      statements.push(`INSERT OR IGNORE INTO club_members (lead_table, lead_id, club_id, joined_at) VALUES\n${rows.join(",\n")};`);
    }
  });
  return statements;
}

/**
 * Mails as the app queues them (the template and its data; /dev/outbox renders the body): a few
 * sent, one failing and being retried, one given up after every attempt. Keys in the app's format.
 */
function outboxStatements(v, leads, iso, mailOrigin) {
  const origin = mailOrigin ?? v.origin;
  const real = leads.filter((l) => l.email !== PENDING_EMAIL && !l.special);
  const byKind = (source) => real.filter((l) => l.lead_source === source);
  const link = (params) => {
    const search = new URLSearchParams(v.variant.domain === "champion" ? { domain: "champion", sport: v.variant.sport } : {});
    for (const [key, value] of Object.entries(params)) search.set(key, value);
    return `${origin}/?${search}`;
  };
  const mails = [];
  const mail = (template, lead, status, extra = {}, sentBack = lead?.createdBack - MINUTE) => {
    if (!lead) return;
    const day = iso(sentBack).slice(0, 10);
    const key = template === "moved-up" ? `moved-up:${v.table}:${lead.id}:${day}` : `${template}:${v.table}:${lead.id}`;
    const data = { origin, variant: v.variant, refLink: link({ r: lead.ref_code }), selectedPlan: null };
    if (template === "moved-up") data.place = 3;
    mails.push({
      id: stableUuid(`outbox:${key.replace(/:\d{4}-\d{2}-\d{2}$/, "")}`),
      dedupe_key: key,
      template,
      recipient: lead.email,
      status,
      attempts: 1,
      last_error: null,
      next_attempt_at: null,
      created_at: iso(sentBack + MINUTE),
      updated_at: iso(sentBack),
      render_input: JSON.stringify({ template, variant: v.variant, data }),
      ...extra,
    });
  };
  const main = byKind("main_funnel");
  mail("prelaunch", main[0], "sent");
  mail("prelaunch", main[1], "sent");
  mail("guide", byKind("guide_download")[0], "sent");
  mail("tips", byKind("tips_download")[0], "sent");
  // "You moved up": to the parent with the most credits, when their first credit came.
  const credited = leads.filter((l) => l.referral?.status === "credited");
  const top = real
    .filter((l) => l.confirmedBack != null)
    .sort((a, b) => credited.filter((c) => c.referral.referrer === b).length - credited.filter((c) => c.referral.referrer === a).length)[0];
  const firstCredit = credited.filter((c) => c.referral.referrer === top).sort((a, b) => b.confirmedBack - a.confirmedBack)[0];
  if (firstCredit) mail("moved-up", top, "sent", {}, firstCredit.confirmedBack - MINUTE);
  if (v.key === "genius") {
    mail("prelaunch", main[2], "failed", {
      attempts: 2,
      last_error: "Resend 503: Service Unavailable",
      next_attempt_at: iso(main[2].createdBack - 10 * MINUTE),
    });
  }
  if (v.key === "champion-tennis") {
    mail("prelaunch", main[2], "dead", { attempts: 5, last_error: "Resend 422: The `to` address is not a valid mailbox" });
  }
  const columns = [
    "id",
    "dedupe_key",
    "template",
    "variant",
    "recipient",
    "subject",
    "html",
    "text",
    "status",
    "attempts",
    "last_error",
    "next_attempt_at",
    "created_at",
    "updated_at",
    "render_input",
    "origin",
  ];
  const rows = mails.map(
    (m) =>
      `(${columns.map((c) => (c === "variant" ? q(v.key) : c === "origin" ? q(origin) : ["subject", "html", "text"].includes(c) ? "''" : c === "attempts" ? m.attempts : q(m[c]))).join(", ")})`,
  );
  return rows.length ? [`INSERT INTO outbox (${columns.join(", ")}) VALUES\n${rows.join(",\n")}\nON CONFLICT DO NOTHING;`] : [];
}

/**
 * Every statement of the seed, for `now` (ms). The admin's salt comes from the e-mail, so a run
 * with the same password writes the same row (untouched on a re-run) and another password
 * replaces it. `mailOrigin` is the site the mails link to (a local one signs their unsubscribe
 * links with the local development secret; the variants' public hosts need SESSION_SECRET).
 */
export function seedStatements({
  now = Date.now(),
  adminEmail = DEFAULT_ADMIN_EMAIL,
  adminPassword = DEMO_PASSWORD,
  mailOrigin = null,
} = {}) {
  const email = adminEmail.trim().toLowerCase();
  const admin = adminAccountSql({
    email,
    password: adminPassword,
    name: "QA admin",
    id: stableUuid(`account:${email}`),
    salt: sha256(`seed-admin-salt:${email}`).subarray(0, 16),
    confirmedAt: new Date(now).toISOString(),
    upsert: true,
  });
  return [`${admin};`, ...VARIANTS.flatMap((v) => variantStatements(v, now, mailOrigin)), ...webhookStatements(now)];
}

/**
 * A Zapier endpoint with a delivery log (delivered, retried, dead), disabled: a preview that ran
 * the seed never sends its parents' events to an address nobody owns (ADR 038).
 */
function webhookStatements(now) {
  const iso = (back) => new Date(now - back).toISOString();
  const id = stableUuid("webhook:endpoint:zapier");
  const events = ["lead.confirmed", "referral.credited", "club.milestone", "wave.admitted"];
  const secret = `whsec_${sha256("seed-webhook-secret").subarray(0, 24).toString("base64")}`;
  const statements = [
    `INSERT OR IGNORE INTO webhook_endpoints (id, url, events, secret, enabled, created_at, updated_at) VALUES (${[
      q(id),
      q("https://hooks.zapier.com/hooks/catch/000000/seed-demo/"),
      q(JSON.stringify(events)),
      q(secret),
      0,
      q(iso(9 * DAY)),
      q(iso(HOUR)),
    ].join(", ")});`,
  ];
  const log = [
    { type: "referral.credited", status: "delivered", attempts: 1, code: 200, latency: 184, back: 3 * DAY },
    { type: "club.milestone", status: "delivered", attempts: 1, code: 200, latency: 211, back: 2 * DAY },
    { type: "referral.credited", status: "delivered", attempts: 3, code: 200, latency: 240, back: 30 * HOUR },
    { type: "wave.admitted", status: "dead", attempts: 1, code: 410, latency: 97, back: 5 * HOUR },
  ];
  const rows = log.map((d, i) => {
    const eventId = `${d.type}:leads_icehockey:${stableUuid(`webhook:event:${i}`)}`;
    const payload = JSON.stringify({
      type: d.type,
      timestamp: iso(d.back),
      data: { id: stableUuid(`webhook:data:${i}`), variant: "champion-icehockey" },
    });
    return `(${[
      q(`msg_seed${stableUuid(`webhook:delivery:${i}`).replace(/-/g, "")}`),
      q(eventId),
      q(id),
      q(d.type),
      q(payload),
      q(d.status),
      d.attempts,
      d.code,
      d.latency,
      "NULL",
      q(iso(d.back)),
      q(iso(d.back - d.attempts * 5 * MINUTE)),
    ].join(", ")})`;
  });
  statements.push(
    `INSERT OR IGNORE INTO webhook_deliveries (id, event_id, endpoint_id, event_type, payload, status, attempts, last_response_code, last_latency_ms, next_attempt_at, created_at, updated_at) VALUES\n${rows.join(",\n")};`,
  );
  return statements;
}
