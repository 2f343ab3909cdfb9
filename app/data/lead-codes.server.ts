import { sha256, toHex } from "~/platform/crypto.server";
import { DuplicateRefCodeError, PENDING_EMAIL, normalizeEmail } from "~/data/lead-model";

/** The placeholder e-mail of leads that have not reached step 3 (SPEC 3.1, 7.1). */
export { PENDING_EMAIL };

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** First 12 hex characters of SHA-256 of the trimmed, lower-cased e-mail (SPEC 9). */
export async function hashedEmail(email: string): Promise<string> {
  const bytes = await sha256(normalizeEmail(email));
  return toHex(bytes.subarray(0, 6));
}

/**
 * The lead's own referral code: 8 upper-case characters (A-Z, 2-7) derived from the e-mail and a
 * timestamp (SPEC 9), as the base32 of SHA-256("{email}:{timestamp}").
 */
export async function refCode(email: string, timestamp: number | string): Promise<string> {
  const bytes = await sha256(`${normalizeEmail(email)}:${timestamp}`);
  // 8 base32 characters = 40 bits = the first 5 bytes.
  let bits = 0n;
  for (const byte of bytes.subarray(0, 5)) bits = (bits << 8n) | BigInt(byte);
  let code = "";
  for (let i = 7; i >= 0; i--) code += BASE32[Number((bits >> BigInt(i * 5)) & 31n)];
  return code;
}

/**
 * Runs `write` with a fresh referral code and, when the store reports the code as taken
 * (DuplicateRefCodeError), tries again with the next timestamp. Other errors pass through.
 */
export async function withUniqueRefCode<T>(
  email: string,
  write: (code: string) => Promise<T>,
  { attempts = 5, now = Date.now }: { attempts?: number; now?: () => number } = {},
): Promise<T> {
  const start = now();
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      return await write(await refCode(email, start + attempt));
    } catch (error) {
      if (!(error instanceof DuplicateRefCodeError)) throw error;
      lastError = error;
    }
  }
  throw lastError;
}
