-- Admitting a wave (docs/decisions/025-waves-and-invites.md): an admin admits the next N parents of
-- one variant's line; each gets a signed, single-use invite.
--   waves.seq:          1, 2, 3 ... per lead table. The admin form carries the number of the wave it
--                       would admit, and (lead_table, seq) is unique: a double click, a resubmitted
--                       POST or two admins on the same page make one wave.
--   waves.size_asked:   the N the admin asked for; the members may be fewer (a short line).
--   wave_members.place: the parent's place in line at admission, computed once and kept: later
--                       referral credits never reshuffle an admitted wave.
--   wave_members (lead_table, lead_id) is unique: a parent is admitted once, in one wave.
--   invite_sent_at:     when the invite mail was last queued (first send or a re-send);
--   invite_expires_at:  when the current invite link stops working;
--   invite_opened_at:   the first load of the /invite page (the launch funnel; no pixel);
--   accepted_at:        the invite's one acceptance; account_created_at: the account made from it.
CREATE TABLE waves (
  id TEXT PRIMARY KEY NOT NULL,
  lead_table TEXT NOT NULL CHECK (lead_table IN ('leads', 'leads_icehockey', 'leads_tennis')),
  variant TEXT NOT NULL,
  seq INTEGER NOT NULL,
  size_asked INTEGER NOT NULL CHECK (size_asked > 0),
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL
);
CREATE UNIQUE INDEX waves_seq_key ON waves (lead_table, seq);

CREATE TABLE wave_members (
  wave_id TEXT NOT NULL REFERENCES waves (id) ON DELETE CASCADE,
  lead_table TEXT NOT NULL CHECK (lead_table IN ('leads', 'leads_icehockey', 'leads_tennis')),
  lead_id TEXT NOT NULL,
  place INTEGER NOT NULL,
  invite_sent_at TEXT,
  invite_expires_at TEXT NOT NULL,
  invite_opened_at TEXT,
  accepted_at TEXT,
  account_created_at TEXT,
  PRIMARY KEY (wave_id, lead_id)
);
CREATE UNIQUE INDEX wave_members_lead_key ON wave_members (lead_table, lead_id);
CREATE INDEX wave_members_wave_place_idx ON wave_members (wave_id, place);
