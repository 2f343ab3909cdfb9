/**
 * CSV for the admin export (RFC 4180: comma-separated, CRLF line ends, fields quoted when needed).
 *
 * Formula guard ("CSV injection"): a spreadsheet runs a cell that starts with =, +, -, @ (or a tab
 * or CR before one) as a formula, so such a field gets a leading apostrophe and stays text. But a
 * parent's address may itself start with + or - ("+1-cmd@example.com" is a valid e-mail), and an
 * export must hand back the address as typed. Rule:
 *  - =, @, tab and CR at the start are always neutralised (no e-mail or number starts with them);
 *  - + or - at the start is left alone only when the whole value is a plain address: letters,
 *    digits and . _ + - before one @, a dotted host name after it. Such a value holds no function
 *    call, no cell reference (!), no DDE pipe (|), no quote and no space, so a spreadsheet cannot
 *    make it run anything; anything else starting with + or - (numbers too) is neutralised.
 */
const ALWAYS_FORMULA = /^[=@\t\r]/;
const SIGN_START = /^[+-]/;
const PLAIN_EMAIL = /^[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

export function isFormulaLike(value: string): boolean {
  if (ALWAYS_FORMULA.test(value)) return true;
  if (!SIGN_START.test(value)) return false;
  return !PLAIN_EMAIL.test(value);
}

export function csvField(value: string): string {
  const safe = isFormulaLike(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || /^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvRow(values: readonly string[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
