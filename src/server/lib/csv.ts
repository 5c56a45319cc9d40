import { Readable } from 'node:stream';
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
 * of labels, every cell passed through safeCell. `header: false` writes the rows only: the
 * further parts of a CSV written in batches (toCsvStream).
 */
export function toCsv<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: readonly Row[],
  { header = true }: { header?: boolean } = {},
): string {
  return stringify(
    rows.map((row) =>
      columns.map((c) => safeCell(c.format ? c.format(row[c.key], row) : (row[c.key] as unknown))),
    ),
    { header, columns: columns.map((c) => safeCell(c.label)), record_delimiter: 'windows' },
  );
}

/**
 * A CSV as a stream of text, one part per batch of rows, each batch read only when the reader
 * has taken the one before (backpressure): memory holds one batch whatever the size of the file.
 * The first batch is read before this resolves, so a failure there is still an error answer, not
 * a cut-off file. When the reader goes away (the stream is destroyed) the batches are closed
 * (`return()`), so their source stops reading.
 */
export function toCsvStream<Row>(
  columns: readonly CsvColumn<Row>[],
  source: AsyncIterable<readonly Row[]>,
): Promise<Readable> {
  return streamParts(toCsv(columns, []), source, (rows) =>
    rows.length ? toCsv(columns, rows, { header: false }) : '',
  );
}

/**
 * The same from batches already written as CSV rows by their source (each a whole number of rows,
 * every row ending with CRLF, the cells as `toCsv` writes them): the header of `columns`, then the
 * batches as they are.
 */
export function toCsvTextStream<Row>(
  columns: readonly CsvColumn<Row>[],
  source: AsyncIterable<string>,
): Promise<Readable> {
  return streamParts(toCsv(columns, []), source, (text) => text);
}

async function streamParts<Batch>(
  header: string,
  source: AsyncIterable<Batch>,
  write: (batch: Batch) => string,
): Promise<Readable> {
  const batches = source[Symbol.asyncIterator]();
  let next = await batches.next();
  async function* parts() {
    try {
      yield header;
      for (; !next.done; next = await batches.next()) {
        const text = write(next.value);
        if (text) yield text;
      }
    } finally {
      await batches.return?.();
    }
  }
  return Readable.from(parts(), { objectMode: false });
}
