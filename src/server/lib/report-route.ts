import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { App, AppContext } from '#server/context';
import { type AuthUser, currentUser } from '#server/http/auth-context';
import { unprocessable } from '#server/http/errors';
import { errorSchema, type PeriodQuery, periodQuery, reportFormat } from '#shared/contract/common';
import { addDays, businessDate } from '#shared/dates';
import type { Permission } from '#shared/permissions';
import { attachmentDisposition } from './content-disposition';
import { toCsv } from './csv';
import { pdfTable } from './pdf-table';

/** How a value is written in CSV and PDF (JSON always carries the raw value). */
export type ReportCellKind =
  | 'text'
  | 'int'
  | 'number'
  | 'money'
  | 'percent'
  | 'fraction'
  | 'hours'
  | 'date'
  | 'datetime';

export interface ReportColumn<Row> {
  key: keyof Row & string;
  label: string;
  kind?: ReportCellKind;
  /** The PDF totals row: the sum or the mean of the column. */
  total?: 'sum' | 'avg';
}

/** A resolved period: inclusive calendar days (UTC), as YYYY-MM-DD. */
export interface Period {
  from: string;
  to: string;
}

export interface ReportDefinition<Row extends Record<string, unknown>, Extra extends z.ZodRawShape> {
  /** The last path segment: GET /api/report/{name}. */
  name: string;
  title: string;
  description: string;
  permission: Permission;
  row: z.ZodType<Row>;
  columns: readonly ReportColumn<Row>[];
  /** Filters beyond the period (e.g. month, customer_id); validated like any query. */
  extraQuery?: Extra;
  /** Days before today the period starts by default; the default end is today. */
  defaultDays?: number;
  /** Days after today the period ends by default (reports about what is coming, like trips). */
  defaultDaysAhead?: number;
  run(
    ctx: AppContext,
    user: AuthUser,
    input: { period: Period; query: z.infer<z.ZodObject<Extra>> },
  ): Promise<Row[]>;
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

function totalsRow<Row extends Record<string, unknown>>(
  columns: readonly ReportColumn<Row>[],
  rows: readonly Row[],
): string[] | undefined {
  if (!columns.some((c) => c.total)) return undefined;
  return columns.map((c, i) => {
    if (!c.total) return i === 0 ? 'Total' : '';
    const values = rows.map((r) => Number(r[c.key] ?? 0));
    const sum = values.reduce((a, b) => a + b, 0);
    const value = c.total === 'sum' ? sum : values.length ? sum / values.length : 0;
    return (c.total === 'avg' ? 'avg ' : '') + pdfCell(c.kind, Math.round(value * 100) / 100);
  });
}

/**
 * Registers GET /api/report/{name}: JSON rows by default, `?format=csv` (the shared
 * spreadsheet-safe writer) or `?format=pdf` (title, period, table, totals, generated time).
 * Every report takes the period filter `from`/`to` (YYYY-MM-DD, inclusive).
 */
export function registerReport<
  Row extends Record<string, unknown>,
  Extra extends z.ZodRawShape = Record<never, never>,
>(app: App, ctx: AppContext, def: ReportDefinition<Row, Extra>): void {
  const querystring = periodQuery
    .extend({ format: reportFormat.default('json') })
    .extend(def.extraQuery ?? {});
  app.get(
    `/api/report/${def.name}`,
    {
      config: { permission: def.permission },
      schema: {
        tags: ['reports'],
        summary: def.title,
        description: `${def.description} \`?format=csv\` or \`?format=pdf\` for a download.`,
        querystring,
        response: { 200: z.array(def.row), 403: errorSchema, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const query = request.query as PeriodQuery & { format: 'json' | 'csv' | 'pdf' };
      const now = ctx.clock();
      const to =
        query.to ?? (def.defaultDaysAhead ? addDays(businessDate(now), def.defaultDaysAhead) : undefined);
      const period = resolvePeriod({ from: query.from, to }, now, def.defaultDays ?? 365);
      const rows = await def.run(ctx, currentUser(request), {
        period,
        query: request.query as unknown as z.infer<z.ZodObject<Extra>>,
      });
      if (query.format === 'json') return rows;
      // a download: the JSON response schema does not apply to it
      const download = reply as unknown as FastifyReply;
      const fileName = `${def.name}-${period.from}-to-${period.to}`;
      if (query.format === 'csv') {
        const csv = toCsv(
          def.columns.map((c) => ({
            key: c.key,
            label: c.label,
            format: (v: unknown) => csvCell(c.kind, v),
          })),
          rows,
        );
        return download
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', attachmentDisposition(`${fileName}.csv`))
          .send(csv);
      }
      const pdf = await pdfTable({
        title: def.title,
        subtitle: `Period: ${period.from} to ${period.to} · ${rows.length} row(s)`,
        columns: def.columns.map((c) => ({
          label: c.label,
          align: c.kind && c.kind !== 'text' && !c.kind.startsWith('date') ? 'right' : 'left',
        })),
        rows: rows.map((r) => def.columns.map((c) => pdfCell(c.kind, r[c.key]))),
        totals: totalsRow(def.columns, rows),
        generatedAt: ctx.clock(),
      });
      return download
        .type('application/pdf')
        .header('Content-Disposition', attachmentDisposition(`${fileName}.pdf`))
        .send(pdf);
    },
  );
}
