// What the scripts and benches that write a D1 share: options from argv, wrangler run in the
// project, SQL literals, and an account row hashed as the app hashes passwords.
import { spawnSync } from "node:child_process";
import { pbkdf2Sync, randomBytes, randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("../..", import.meta.url));

/** `--name value` and `--flag` from the command line. */
export function cliOptions(args = process.argv.slice(2)) {
  return {
    option: (name, fallback) => {
      const i = args.indexOf(`--${name}`);
      return i >= 0 ? args[i + 1] : fallback;
    },
    flag: (name) => args.includes(`--${name}`),
  };
}

/**
 * Runs wrangler in the project; throws with its output when it fails. `interactive` passes the
 * terminal through, so a remote command's confirmation prompt reaches the person who ran it.
 */
export function wrangler(argv, { interactive = false } = {}) {
  const run = spawnSync("npx", ["wrangler", ...argv], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    stdio: interactive ? "inherit" : "pipe",
  });
  if (run.status !== 0) throw new Error(`wrangler ${argv.join(" ")} failed:\n${run.stderr || run.stdout || ""}`);
  return run.stdout ?? "";
}

/** A SQL string literal (NULL for null). */
export const sqlString = (value) => (value === null ? "NULL" : `'${String(value).replace(/'/g, "''")}'`);

/** The app's password hashing (app/auth/password.server.ts): PBKDF2-SHA256, 16-byte salt, 32-byte key, base64. */
const PBKDF2_ITERATIONS = 100_000; // the most production Workers allow

function hashPassword(password, salt = randomBytes(16)) {
  const hash = pbkdf2Sync(password, salt, PBKDF2_ITERATIONS, 32, "sha256").toString("base64");
  return { hash, salt: salt.toString("base64"), iterations: PBKDF2_ITERATIONS };
}

/**
 * The INSERT of a confirmed admin account. With `upsert`, an account with that e-mail becomes a
 * confirmed admin with this password; a row that already is exactly that is left untouched, and a
 * changed password signs its old sessions out (session_version), as a password change should.
 */
export function adminAccountSql({
  email,
  password,
  name = "Admin",
  id = randomUUID(),
  salt,
  confirmedAt = new Date().toISOString(),
  upsert = false,
}) {
  const hashed = hashPassword(password, salt);
  const insert = `INSERT INTO accounts (id, email, name, password_hash, password_salt, password_iterations, role, email_confirmed_at, created_at)
    VALUES (${sqlString(id)}, ${sqlString(email)}, ${sqlString(name)}, ${sqlString(hashed.hash)}, ${sqlString(hashed.salt)}, ${hashed.iterations}, 'admin', ${sqlString(confirmedAt)}, ${sqlString(confirmedAt)})`;
  if (!upsert) return insert;
  return `${insert}
    ON CONFLICT (email) DO UPDATE SET password_hash = excluded.password_hash, password_salt = excluded.password_salt,
      password_iterations = excluded.password_iterations, role = 'admin',
      email_confirmed_at = COALESCE(accounts.email_confirmed_at, excluded.email_confirmed_at),
      session_version = accounts.session_version + (accounts.password_hash <> excluded.password_hash)
    WHERE accounts.password_hash <> excluded.password_hash OR accounts.password_salt <> excluded.password_salt
      OR accounts.role <> 'admin' OR accounts.email_confirmed_at IS NULL`;
}
