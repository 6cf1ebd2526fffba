// CSV for spreadsheets (RFC 4180): quoted cells, CRLF rows, a UTF-8 BOM, and no formula injection.

/** Excel needs the byte-order mark to read UTF-8 (names such as "Adébáyọ̀") correctly. */
export const CSV_BOM = "\uFEFF";

/** A cell starting with one of these would run as a formula when the file is opened in a spreadsheet (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: unknown[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

const LAGOS_OFFSET_MS = 60 * 60_000;

/** "2026-03-01 14:05" in Lagos time (West Africa Time, UTC+1 all year), which spreadsheets read as a date. */
export function lagosTime(iso: string | null): string {
  if (!iso) return "";
  return new Date(new Date(iso).getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}
