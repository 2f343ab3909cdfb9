-- A page queues a template mail as a small row (the template and its data) and renders the body
-- after the response, so no page waits on rendering (docs/decisions/006-...). A row whose html is
-- still empty carries what renders it; the cron renders such a row if the page's worker died first.
ALTER TABLE outbox ADD COLUMN render_input TEXT;
