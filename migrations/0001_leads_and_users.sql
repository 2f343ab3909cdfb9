-- Lead tables (SPEC 3.1), one per variant, identical columns, and the users record (SPEC 3.5).
-- Lists are JSON text ('["a","b"]'), booleans INTEGER 0/1, created_at ISO-8601 text (UTC, ms).
-- Indexes serve the admin list: newest first, e-mail lookup, filters by source and step.

CREATE TABLE leads (
  id TEXT PRIMARY KEY NOT NULL,
  email TEXT NOT NULL,
  hashed_email TEXT,
  age_bands TEXT NOT NULL DEFAULT '[]',
  time_available TEXT,
  children_count INTEGER,
  step_completed INTEGER NOT NULL DEFAULT 1 CHECK (step_completed BETWEEN 1 AND 3),
  referred_by TEXT,
  ref_code TEXT,
  utm_source TEXT,
  utm_medium TEXT,
  utm_campaign TEXT,
  utm_term TEXT,
  utm_content TEXT,
  referral_count INTEGER NOT NULL DEFAULT 0,
  email_verified INTEGER NOT NULL DEFAULT 0,
  followed_on_facebook INTEGER NOT NULL DEFAULT 0,
  copied_share_message INTEGER NOT NULL DEFAULT 0,
  copied_ref_link INTEGER NOT NULL DEFAULT 0,
  clicked_roadmap_button INTEGER NOT NULL DEFAULT 0,
  lead_source TEXT NOT NULL DEFAULT 'main_funnel'
    CHECK (lead_source IN ('main_funnel', 'guide_download', 'tips_download')),
  focus_areas TEXT NOT NULL DEFAULT '[]',
  goals TEXT NOT NULL DEFAULT '[]',
  biggest_concern TEXT,
  plan_chosen TEXT,
  billing_cycle TEXT CHECK (billing_cycle IS NULL OR billing_cycle IN ('monthly', 'yearly')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX leads_email_idx ON leads (email, created_at);
CREATE UNIQUE INDEX leads_ref_code_key ON leads (ref_code);
CREATE INDEX leads_created_at_idx ON leads (created_at);
CREATE INDEX leads_lead_source_idx ON leads (lead_source, created_at);
CREATE INDEX leads_step_completed_idx ON leads (step_completed, created_at);

CREATE TABLE leads_icehockey (
  id TEXT PRIMARY KEY NOT NULL,
  email TEXT NOT NULL,
  hashed_email TEXT,
  age_bands TEXT NOT NULL DEFAULT '[]',
  time_available TEXT,
  children_count INTEGER,
  step_completed INTEGER NOT NULL DEFAULT 1 CHECK (step_completed BETWEEN 1 AND 3),
  referred_by TEXT,
  ref_code TEXT,
  utm_source TEXT,
  utm_medium TEXT,
  utm_campaign TEXT,
  utm_term TEXT,
  utm_content TEXT,
  referral_count INTEGER NOT NULL DEFAULT 0,
  email_verified INTEGER NOT NULL DEFAULT 0,
  followed_on_facebook INTEGER NOT NULL DEFAULT 0,
  copied_share_message INTEGER NOT NULL DEFAULT 0,
  copied_ref_link INTEGER NOT NULL DEFAULT 0,
  clicked_roadmap_button INTEGER NOT NULL DEFAULT 0,
  lead_source TEXT NOT NULL DEFAULT 'main_funnel'
    CHECK (lead_source IN ('main_funnel', 'guide_download', 'tips_download')),
  focus_areas TEXT NOT NULL DEFAULT '[]',
  goals TEXT NOT NULL DEFAULT '[]',
  biggest_concern TEXT,
  plan_chosen TEXT,
  billing_cycle TEXT CHECK (billing_cycle IS NULL OR billing_cycle IN ('monthly', 'yearly')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX leads_icehockey_email_idx ON leads_icehockey (email, created_at);
CREATE UNIQUE INDEX leads_icehockey_ref_code_key ON leads_icehockey (ref_code);
CREATE INDEX leads_icehockey_created_at_idx ON leads_icehockey (created_at);
CREATE INDEX leads_icehockey_lead_source_idx ON leads_icehockey (lead_source, created_at);
CREATE INDEX leads_icehockey_step_completed_idx ON leads_icehockey (step_completed, created_at);

CREATE TABLE leads_tennis (
  id TEXT PRIMARY KEY NOT NULL,
  email TEXT NOT NULL,
  hashed_email TEXT,
  age_bands TEXT NOT NULL DEFAULT '[]',
  time_available TEXT,
  children_count INTEGER,
  step_completed INTEGER NOT NULL DEFAULT 1 CHECK (step_completed BETWEEN 1 AND 3),
  referred_by TEXT,
  ref_code TEXT,
  utm_source TEXT,
  utm_medium TEXT,
  utm_campaign TEXT,
  utm_term TEXT,
  utm_content TEXT,
  referral_count INTEGER NOT NULL DEFAULT 0,
  email_verified INTEGER NOT NULL DEFAULT 0,
  followed_on_facebook INTEGER NOT NULL DEFAULT 0,
  copied_share_message INTEGER NOT NULL DEFAULT 0,
  copied_ref_link INTEGER NOT NULL DEFAULT 0,
  clicked_roadmap_button INTEGER NOT NULL DEFAULT 0,
  lead_source TEXT NOT NULL DEFAULT 'main_funnel'
    CHECK (lead_source IN ('main_funnel', 'guide_download', 'tips_download')),
  focus_areas TEXT NOT NULL DEFAULT '[]',
  goals TEXT NOT NULL DEFAULT '[]',
  biggest_concern TEXT,
  plan_chosen TEXT,
  billing_cycle TEXT CHECK (billing_cycle IS NULL OR billing_cycle IN ('monthly', 'yearly')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX leads_tennis_email_idx ON leads_tennis (email, created_at);
CREATE UNIQUE INDEX leads_tennis_ref_code_key ON leads_tennis (ref_code);
CREATE INDEX leads_tennis_created_at_idx ON leads_tennis (created_at);
CREATE INDEX leads_tennis_lead_source_idx ON leads_tennis (lead_source, created_at);
CREATE INDEX leads_tennis_step_completed_idx ON leads_tennis (step_completed, created_at);

CREATE TABLE users (
  id TEXT PRIMARY KEY NOT NULL,
  email TEXT,
  name TEXT,
  lead_id TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX users_email_idx ON users (email);
