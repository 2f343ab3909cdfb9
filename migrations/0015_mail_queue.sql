-- Delivery through a Cloudflare Queue (docs/decisions/024-mail-queue.md).
-- outbox.enqueued_at: when a queue message for the row was last handed to the queue; null while no
-- message is live (never enqueued, its enqueue failed, or a consumer has taken the row). The cron's
-- sweeper re-enqueues a due row only when it is null or older than the message lease, so a row whose
-- message is still in flight is not enqueued twice.
ALTER TABLE outbox ADD COLUMN enqueued_at TEXT;
CREATE INDEX IF NOT EXISTS outbox_status_enqueued_at_idx ON outbox (status, enqueued_at);
-- outbox.batch_key: the Idempotency-Key of the batch request the row went out in, while its outcome
-- is unknown (no answer, a 5xx, a killed consumer). Its rows are sent again as that same batch, so
-- the provider answers it once; an answer clears it.
ALTER TABLE outbox ADD COLUMN batch_key TEXT;
CREATE INDEX IF NOT EXISTS outbox_batch_key_idx ON outbox (batch_key) WHERE batch_key IS NOT NULL;

-- One pacer per provider, shared by every consumer, the sweeper and the single sends: next_at (epoch
-- milliseconds) is when the next request may start. Taking a slot moves it one interval on; a 429
-- moves it to the end of the provider's Retry-After, which pauses every sender at once.
CREATE TABLE IF NOT EXISTS send_pacer (
  key TEXT PRIMARY KEY,
  next_at INTEGER NOT NULL
);
