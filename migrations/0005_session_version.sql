-- Session revocation for local accounts (docs/decisions/008-session-revocation.md).
-- The cookie session is signed, not stored: a copy of it stays valid wherever it was kept. Each
-- cookie therefore carries the account's session_version from its sign-in, every request compares
-- it with this column, and sign-out adds one to it, which ends every cookie issued before.
-- Supabase Auth keeps its own sessions (sign-out with global scope); there is no accounts table
-- in supabase/migrations to mirror.
ALTER TABLE accounts ADD COLUMN session_version INTEGER NOT NULL DEFAULT 0;
