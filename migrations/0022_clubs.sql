-- Club pools for the sport brands (issue 35, docs/decisions/039-clubs.md). Only the sport lead
-- tables have clubs; the genius variant has none.
--   clubs.slug:        the club link's name (/c/SLUG), unique per lead table: a second registration
--                      of the same name (a double click, another coach) lands on the same club.
--   clubs.status:      pending (contact not confirmed, or waiting for an admin), approved (public),
--                      rejected, merged (its members and contacts moved to merged_into).
--   clubs.confirmed_at: the first confirmation of any contact; an admin reviews only confirmed clubs.
--   clubs.milestone:   confirmed families that admit the club together (admin's setting, NULL: none);
--   clubs.milestone_reached_at: set once, when the count first reaches the milestone.
--   club_contacts:     the coach's addresses (double opt-in), several per club.
--   club_members:      one row per lead: a parent is a member of at most one club, the first joined.
CREATE TABLE clubs (
  id TEXT PRIMARY KEY NOT NULL,
  lead_table TEXT NOT NULL CHECK (lead_table IN ('leads_icehockey', 'leads_tennis')),
  variant TEXT NOT NULL,
  slug TEXT NOT NULL,
  name TEXT NOT NULL,
  city TEXT NOT NULL,
  sport TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'merged')),
  merged_into TEXT,
  milestone INTEGER CHECK (milestone IS NULL OR milestone > 0),
  milestone_reached_at TEXT,
  confirmed_at TEXT,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX clubs_slug_key ON clubs (lead_table, slug);
CREATE INDEX clubs_status_idx ON clubs (lead_table, status);

CREATE TABLE club_contacts (
  club_id TEXT NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  confirmed_at TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (club_id, email)
);
CREATE INDEX club_contacts_email_idx ON club_contacts (email);

CREATE TABLE club_members (
  lead_table TEXT NOT NULL CHECK (lead_table IN ('leads_icehockey', 'leads_tennis')),
  lead_id TEXT NOT NULL,
  club_id TEXT NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
  joined_at TEXT NOT NULL,
  PRIMARY KEY (lead_table, lead_id)
);
CREATE INDEX club_members_club_idx ON club_members (club_id);
