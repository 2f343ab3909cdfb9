-- First-party funnel analytics (docs/decisions/012-funnel-analytics.md). Anonymous: no e-mail, no IP,
-- no lead id; the only identifier is a random id kept in the visitor's session cookie.
--   analytics_events: one row per event counted. A session counts an event once per variant
--                     (UNIQUE (session_id, variant, name); an insert that finds its row does nothing).
--                     Events of a visitor without a session (a landing with no cookie) have
--                     session_id NULL and are each counted (SQLite treats NULLs as distinct).
--   js:               'on' (a single-fetch request), 'off' (a document POST) or 'unknown' (a document GET).
--   analytics_daily:  the counts the dashboard reads, one row per day and dimension combination,
--                     kept by the trigger in the same statement as the event row, so it never
--                     counts an event the raw table refused.
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
  day TEXT NOT NULL,
  variant TEXT NOT NULL,
  name TEXT NOT NULL,
  utm_campaign TEXT NOT NULL,
  utm_source TEXT NOT NULL,
  utm_medium TEXT NOT NULL,
  has_referrer INTEGER NOT NULL,
  js TEXT NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, variant, name, utm_campaign, utm_source, utm_medium, has_referrer, js)
) WITHOUT ROWID;
CREATE INDEX analytics_daily_campaign_idx ON analytics_daily (utm_campaign, day);

CREATE TRIGGER analytics_events_rollup AFTER INSERT ON analytics_events
BEGIN
  INSERT INTO analytics_daily (day, variant, name, utm_campaign, utm_source, utm_medium, has_referrer, js, count)
  VALUES (NEW.day, NEW.variant, NEW.name, NEW.utm_campaign, NEW.utm_source, NEW.utm_medium, NEW.has_referrer, NEW.js, 1)
  ON CONFLICT (day, variant, name, utm_campaign, utm_source, utm_medium, has_referrer, js) DO UPDATE SET count = count + 1;
END;
