-- Mirror of migrations/0008_outbox_render_later.sql: a template mail is queued as its template and
-- data (render_input, JSON) and its body is rendered after the response. Safe to run again.
alter table public.outbox add column if not exists render_input text;
