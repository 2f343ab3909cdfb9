-- First-party funnel analytics (docs/decisions/012-funnel-analytics.md). Anonymous: no e-mail, no IP,
-- no lead id; the only identifier is a random id kept in the visitor's session cookie.
--   analytics_events: one row per event counted. A session counts an event once per variant
--                     (UNIQUE (session_id, variant, name); an insert that finds its row does nothing).
--                     Events of a visitor without a session (a landing with no cookie) have
--                     session_id NULL and are each counted (SQLite treats NULLs as distinct).
--   js:               'on' (a single-fetch request), 'off' (a document POST) or 'unknown' (a document GET).
--   analytics_daily:  the counts the dashboard reads: per variant, day, event, UTM campaign and
--                     source (what it filters and groups by; medium, referrer and JS stay in the raw
--                     rows). Kept by the trigger in the same statement as the event row, so it never
--                     counts an event the raw table refused. With 1,000,000 events over 90 days it
--                     holds about 80,000 rows, analytics_daily_totals about 5,000 (bench/analytics.mjs).
CREATE TABLE analytics_events (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  variant TEXT NOT NULL,
  day TEXT NOT NULL,
  session_id TEXT,
  utm_source TEXT NOT NULL DEFAULT '',
  utm_medium TEXT NOT NULL DEFAULT '',
  utm_campaign TEXT NOT NULL DEFAULT '',
  has_referrer INTEGER NOT NULL DEFAULT 0 CHECK (has_referrer IN (0, 1)),
  js TEXT NOT NULL DEFAULT 'unknown' CHECK (js IN ('on', 'off', 'unknown')),
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX analytics_events_once_key ON analytics_events (session_id, variant, name);
CREATE INDEX analytics_events_day_idx ON analytics_events (day);

CREATE TABLE analytics_daily (
  variant TEXT NOT NULL,
  day TEXT NOT NULL,
  name TEXT NOT NULL,
  utm_campaign TEXT NOT NULL,
  utm_source TEXT NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (variant, day, name, utm_campaign, utm_source)
) WITHOUT ROWID;
-- A campaign or a source filter reads only that campaign's or source's rows, count included (covering).
CREATE INDEX analytics_daily_campaign_idx ON analytics_daily (utm_campaign, variant, day, name, utm_source, count);
CREATE INDEX analytics_daily_source_idx ON analytics_daily (utm_source, variant, day, name, utm_campaign, count);
-- The same counts without UTM: what the dashboard reads when no UTM filter is set (a few rows a day).
CREATE TABLE analytics_daily_totals (
  variant TEXT NOT NULL,
  day TEXT NOT NULL,
  name TEXT NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (variant, day, name)
) WITHOUT ROWID;

CREATE TRIGGER analytics_events_rollup AFTER INSERT ON analytics_events
BEGIN
  INSERT INTO analytics_daily (variant, day, name, utm_campaign, utm_source, count)
  VALUES (NEW.variant, NEW.day, NEW.name, NEW.utm_campaign, NEW.utm_source, 1)
  ON CONFLICT (variant, day, name, utm_campaign, utm_source) DO UPDATE SET count = count + 1;
  INSERT INTO analytics_daily_totals (variant, day, name, count)
  VALUES (NEW.variant, NEW.day, NEW.name, 1)
  ON CONFLICT (variant, day, name) DO UPDATE SET count = count + 1;
END;

-- The dashboard's referral figures: referrals made in a date range, and first credits, each read
-- from an index alone (no table rows).
CREATE INDEX referrals_analytics_created_idx ON referrals (lead_table, created_at, referrer_id, status);
CREATE INDEX referrals_analytics_credit_idx ON referrals (lead_table, status, referrer_id, credited_at);
