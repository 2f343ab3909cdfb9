-- Facts and their reactions (docs/decisions/046-facts-and-reactions.md). A fact is written in the
-- same batch as the change it records; what follows from it (mails, webhook events) runs later,
-- from the queue or the cron, one handler at a time.
--   facts.id:       natural, `{type}:{table}:{row}` (as webhook event ids), so writing it twice is a no-op.
--   facts.payload:  JSON of ids and figures only; handlers read what they need.
--   handled_at:     set once every handler is done or dead; the cron enqueues facts without it.
--   fact_handlings: one row per (fact, handler): pending, done, or dead after too many failures
--                   (an admin replays it), with the attempts and the last error.
CREATE TABLE facts (
  id TEXT PRIMARY KEY NOT NULL,
  type TEXT NOT NULL,
  payload TEXT NOT NULL,
  created_at TEXT NOT NULL,
  handled_at TEXT
);
CREATE INDEX facts_unhandled_idx ON facts (created_at) WHERE handled_at IS NULL;

CREATE TABLE fact_handlings (
  fact_id TEXT NOT NULL REFERENCES facts (id) ON DELETE CASCADE,
  handler TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'dead')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  updated_at TEXT NOT NULL,
  done_at TEXT,
  PRIMARY KEY (fact_id, handler)
);
CREATE INDEX fact_handlings_dead_idx ON fact_handlings (updated_at) WHERE status = 'dead';
