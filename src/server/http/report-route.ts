import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { App, AppContext } from '#server/context';
import { type AuthUser, currentUser } from '#server/http/auth-context';
import { unprocessable } from '#server/http/errors';
import type { RawJson } from '#server/http/serializer';
import { attachmentDisposition } from '#server/lib/content-disposition';
import { type CsvColumn, toCsvStream, toCsvTextStream } from '#server/lib/csv';
import { abandoned, renderPdf } from '#server/workers/pdf-pool';
import { errorSchema, type PeriodQuery, periodQuery, reportFormat } from '#shared/contract/common';
import { addDays, businessDate } from '#shared/dates';
import {
  isNumericKind,
  PDF_ROW_CAP,
  REPORT_DEFAULT_DAYS,
  type ReportCellKind,
  type ReportColumnMeta,
  type ReportMeta,
} from '#shared/reports';

export { PDF_ROW_CAP };

/** A column of a report's rows (its metadata: src/shared/reports.ts). */
export type ReportColumn<Row> = ReportColumnMeta<keyof Row & string>;

/** A resolved period: inclusive calendar days (UTC), as YYYY-MM-DD. */
export interface Period {
  from: string;
  to: string;
}

/** What a report's PDF shows of a report too large to read whole (see ReportDefinition.pdfPreview). */
export interface ReportPreview<Row> {
  /** The first rows, at most the cap, in the report's order. */
  rows: Row[];
  /** How many rows the whole report has. */
  total: number;
  /** Figures over every row (label, formatted value), shown above the table. */
  summary: Array<[string, string]>;
}

type RunInput<Extra extends z.ZodRawShape> = { period: Period; query: z.infer<z.ZodObject<Extra>> };

/**
 * A report: its metadata (name, title, columns, filters, family: one entry of REPORTS in
 * src/shared/reports.ts, spread in, which the web's report center reads too) and how the server
 * answers it.
 */
export interface ReportDefinition<Row extends Record<string, unknown>, Extra extends z.ZodRawShape>
  extends ReportMeta<keyof Row & string> {
  row: z.ZodType<Row>;
  /** The zod of each of the metadata's `filters` (e.g. month, customer_id), exactly those; validated like any query. */
  extraQuery?: Extra;
  run(ctx: AppContext, user: AuthUser, input: RunInput<Extra>): Promise<Row[]>;
  /**
   * The JSON answer already written by its source (a RawJson: byte for byte what the contract's
   * serializer writes for the rows `run` would answer, which every test checks), for a report
   * whose rows are many: the server sends it without reading the rows. Without it the JSON is
   * the rows `run` answers.
   */
  json?(ctx: AppContext, user: AuthUser, input: RunInput<Extra>): Promise<RawJson>;
  /**
   * Every row of a large report already written as CSV text by its source, in the report's order,
   * each batch read when the CSV's reader has taken the one before (whole rows, every row ending
   * with CRLF, byte for byte what the columns' CSV cells would be); the route adds the header.
   * Without it (or when it answers undefined for this query) the CSV holds what `run` answers.
   */
  csvText?(ctx: AppContext, user: AuthUser, input: RunInput<Extra>): AsyncIterable<string> | undefined;
  /**
   * The PDF of a large report without reading every row: the first `cap` rows, the count and
   * summary figures. Without it (or when it answers undefined for this query) the PDF shows the
   * first `cap` rows of `run` and totals of all of them.
   */
  pdfPreview?(
    ctx: AppContext,
    user: AuthUser,
    input: RunInput<Extra>,
    cap: number,
  ): Promise<ReportPreview<Row>> | undefined;
}

/** The period of a report or list: both ends optional, `from` never after `to`. */
export function resolvePeriod(query: PeriodQuery, now: Date, defaultDays: number): Period {
  const to = query.to ?? businessDate(now);
  const from = query.from ?? addDays(to, -defaultDays);
  if (from > to) throw unprocessable(`from: the period starts (${from}) after it ends (${to})`);
  return { from, to };
}

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function pdfCell(kind: ReportCellKind | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  switch (kind) {
    case 'money':
      return `$${MONEY.format(n)}`;
    case 'percent':
      return `${NUMBER.format(n)} %`;
    case 'fraction':
      return `${NUMBER.format(n * 100)} %`;
    case 'hours':
      return `${NUMBER.format(n)} h`;
    case 'int':
    case 'number':
      return NUMBER.format(n);
    case 'datetime':
      return String(value)
        .replace('T', ' ')
        .replace(/:\d\d(\.\d+)?Z$/, ' UTC');
    default:
      return String(value);
  }
}

function csvCell(kind: ReportCellKind | undefined, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (kind === 'money') return Number(value).toFixed(2);
  return String(value);
}

/** The PDF's totals row, over every row (also those a capped table leaves out). */
function totalsRow<Row extends Record<string, unknown>>(
  columns: readonly ReportColumn<Row>[],
  rows: readonly Row[],
  capped: boolean,
): string[] | undefined {
  if (!columns.some((c) => c.total)) return undefined;
  return columns.map((c, i) => {
    if (!c.total) return i === 0 ? (capped ? 'Total, all rows' : 'Total') : '';
    const values = rows.map((r) => Number(r[c.key] ?? 0));
    const sum = values.reduce((a, b) => a + b, 0);
    const value = c.total === 'sum' ? sum : values.length ? sum / values.length : 0;
    return (c.total === 'avg' ? 'avg ' : '') + pdfCell(c.kind, Math.round(value * 100) / 100);
  });
}

export function csvColumns<Row extends Record<string, unknown>>(
  columns: readonly ReportColumn<Row>[],
): CsvColumn<Row>[] {
  return columns.map((c) => ({ key: c.key, label: c.label, format: (v: unknown) => csvCell(c.kind, v) }));
}

async function* oneBatch<Row>(rows: Promise<Row[]>): AsyncGenerator<Row[]> {
  yield await rows;
}

const wholePreview = <Row>(rows: Row[]): ReportPreview<Row> => ({ rows, total: rows.length, summary: [] });

/**
 * Registers GET /api/report/{name}: JSON rows by default, `?format=csv` (the shared
 * spreadsheet-safe writer, streamed batch by batch) or `?format=pdf` (title, period, summary,
 * table of at most PDF_ROW_CAP rows, totals, generated time; made in a worker thread).
 * Every report takes the period filter `from`/`to` (YYYY-MM-DD, inclusive).
 */
export function registerReport<
  Row extends Record<string, unknown>,
  Extra extends z.ZodRawShape = Record<never, never>,
>(app: App, ctx: AppContext, def: ReportDefinition<Row, Extra>): void {
  const validated = Object.keys(def.extraQuery ?? {}).sort();
  const stated = [...(def.filters ?? [])].sort();
  if (validated.join() !== stated.join())
    throw new Error(
      `report ${def.name}: the query validates [${validated}] but its metadata states the filters [${stated}]`,
    );
  const querystring = periodQuery
    .extend({ format: reportFormat.default('json') })
    .extend(def.extraQuery ?? {});
  app.get(
    `/api/report/${def.name}`,
    {
      // every format reads the whole period: a turn of the reports' (http/heavy-work.ts)
      config: { permission: def.permission, heavy: 'report' },
      schema: {
        tags: ['reports'],
        summary: def.title,
        description: `${def.description} \`?format=csv\` or \`?format=pdf\` for a download. With a read replica (REPORTS_DATABASE_URL), the headers X-Data-Source (replica or primary) and X-Data-Lag-Ms say where it was read and the most its figures may be behind.`,
        querystring,
        response: { 200: z.array(def.row), 403: errorSchema, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const query = request.query as PeriodQuery & { format: 'json' | 'csv' | 'pdf' };
      const now = ctx.clock();
      const to =
        query.to ?? (def.defaultDaysAhead ? addDays(businessDate(now), def.defaultDaysAhead) : undefined);
      const period = resolvePeriod({ from: query.from, to }, now, def.defaultDays ?? REPORT_DEFAULT_DAYS);
      const user = currentUser(request);
      const input = { period, query: request.query as unknown as z.infer<z.ZodObject<Extra>> };
      // a read replica while it is close enough behind (db/replica.ts): the answer says which
      // database it read and the most its figures may be behind
      const source = await ctx.reportReads?.choose();
      const reading = source ? { ...ctx, db: source.db } : ctx;
      if (source) reply.header('x-data-source', source.source).header('x-data-lag-ms', String(source.lagMs));
      // a ready JSON text (RawJson): the route's serializer sends it as it is
      if (query.format === 'json')
        return def.json ? ((await def.json(reading, user, input)) as never) : def.run(reading, user, input);
      // a download: the JSON response schema does not apply to it
      const download = reply as unknown as FastifyReply;
      const fileName = `${def.name}-${period.from}-to-${period.to}`;
      if (query.format === 'csv') {
        const text = def.csvText?.(reading, user, input);
        const csv = text
          ? await toCsvTextStream(csvColumns(def.columns), text)
          : await toCsvStream(csvColumns(def.columns), oneBatch(def.run(reading, user, input)));
        return download
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', attachmentDisposition(`${fileName}.csv`))
          .send(csv);
      }
      const summarised = await def.pdfPreview?.(reading, user, input, PDF_ROW_CAP);
      const preview = summarised ?? wholePreview(await def.run(reading, user, input));
      const shown = preview.rows.slice(0, PDF_ROW_CAP);
      const capped = preview.total > shown.length;
      const pdf = await renderPdf(
        'table',
        {
          title: def.title,
          subtitle: `Period: ${period.from} to ${period.to} · ${NUMBER.format(preview.total)} row(s)${source?.source === 'replica' ? ` · from a read replica at most ${NUMBER.format(source.lagMs / 1000)} s behind` : ''}`,
          summary: preview.summary,
          note: capped
            ? `This PDF shows the first ${NUMBER.format(shown.length)} of ${NUMBER.format(preview.total)} rows; the CSV download of the same report holds every row.`
            : undefined,
          columns: def.columns.map((c) => ({
            label: c.label,
            align: isNumericKind(c.kind) ? 'right' : 'left',
          })),
          rows: shown.map((r) => def.columns.map((c) => pdfCell(c.kind, r[c.key]))),
          totals: summarised ? undefined : totalsRow(def.columns, preview.rows, capped),
          generatedAt: ctx.clock(),
        },
        abandoned(reply.raw),
      );
      return download
        .type('application/pdf')
        .header('Content-Disposition', attachmentDisposition(`${fileName}.pdf`))
        .send(pdf);
    },
  );
}
