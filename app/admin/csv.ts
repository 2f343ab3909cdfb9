/**
 * CSV for the admin export (RFC 4180: comma-separated, CRLF line ends, fields quoted when needed).
 * Values a spreadsheet would run as a formula (starting with =, +, -, @, or a tab/CR before one)
 * get a leading apostrophe (OWASP "CSV injection"), so an e-mail like "=HYPERLINK(...)" stays text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || /^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvRow(values: readonly string[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
