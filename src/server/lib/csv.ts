import { stringify } from 'csv-stringify/sync';

export interface CsvColumn<Row> {
  key: keyof Row & string;
  label: string;
  /** Turns the value into the cell text; default: the value as text, null as empty. */
  format?: (value: Row[keyof Row & string], row: Row) => string;
}

// A cell starting with one of these is read as a formula by spreadsheet programs
// (OWASP "CSV injection"): =HYPERLINK(...) in a customer name must stay text.
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as spreadsheet-safe text: a leading formula character is escaped with a quote. */
export function safeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  // plain negative numbers stay numbers: only text that could be a formula is escaped
  if (FORMULA_START.test(text) && !/^-\d+(\.\d+)?$/.test(text)) return `'${text}`;
  return text;
}

/**
 * The one CSV writer of the API: RFC 4180 (CRLF line ends, quoted where needed), a header row
 * of labels, every cell passed through safeCell.
 */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  return stringify(
    rows.map((row) =>
      columns.map((c) => safeCell(c.format ? c.format(row[c.key], row) : (row[c.key] as unknown))),
    ),
    { header: true, columns: columns.map((c) => safeCell(c.label)), record_delimiter: 'windows' },
  );
}
