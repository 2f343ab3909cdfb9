-- Local accounts: the embedded auth adapter (app/auth/local-auth.server.ts).
-- With Supabase configured these tables stay empty; Supabase Auth holds the accounts.

CREATE TABLE IF NOT EXISTS accounts (
  id TEXT PRIMARY KEY,
  -- Stored lower-cased by the adapter; the CHECK keeps any other writer honest.
  email TEXT NOT NULL UNIQUE CHECK (email = lower(email)),
  name TEXT,
  -- PBKDF2-SHA256, base64; the iteration count is stored so it can be raised later.
  password_hash TEXT NOT NULL,
  password_salt TEXT NOT NULL,
  password_iterations INTEGER NOT NULL,
  role TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  email_confirmed_at TEXT,
  -- Sign-up metadata (SPEC 3.5): plan, lead_id, name.
  plan TEXT,
  lead_id TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Single-use e-mail confirmation tokens. Only a SHA-256 hash of the token id is stored;
-- the link also carries an HMAC signature over the token id and expiry.
CREATE TABLE IF NOT EXISTS account_tokens (
  token_hash TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL DEFAULT 'confirm-email',
  expires_at TEXT NOT NULL,
  used_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX IF NOT EXISTS account_tokens_account_id ON account_tokens (account_id);
