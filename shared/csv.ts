/**
 * CSV for spreadsheets: RFC 4180 quoting, and cells that a spreadsheet would run as a formula (=, +, -, @, tab,
 * carriage return at the start) are neutralised with a leading apostrophe.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: (string | number | null | undefined)[]): string {
  return cells.map(csvCell).join(',');
}

/** Lines joined with CRLF, with a byte-order mark so spreadsheet programs read UTF-8. */
export function csvDocument(header: string[], rows: (string | number | null | undefined)[][]): string {
  return `\uFEFF${[csvLine(header), ...rows.map(csvLine)].join('\r\n')}\r\n`;
}
