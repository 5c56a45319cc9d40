import type { App, AppContext } from '#server/context';
import {
  type Period,
  type ReportColumn,
  type ReportPreview,
  registerReport,
} from '#server/http/report-route';
import { RawJson } from '#server/http/serializer';
import { TRUCK_HOURS_PER_DAY } from '#shared/constants';
import {
  type DeliveryPerformanceRow,
  deliveryPerformanceRow,
  deliveryPerformanceSummaryRow,
  driverHoursRow,
  monthFilter,
  PERFORMANCE_JSON_DEFAULT_LIMIT,
  PERFORMANCE_STATUSES,
  performancePaging,
  truckUsageRow,
} from '#shared/contract/manager-reports';
import { addDays, startOfBusinessDay } from '#shared/dates';
import { REPORTS } from '#shared/reports';
import * as q from './manager-reports.queries';

const HOUR_MS = 3_600_000;
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The instants of an inclusive period of business days. */
const spanOf = (p: Period): q.Span => ({
  from: startOfBusinessDay(p.from),
  before: startOfBusinessDay(addDays(p.to, 1)),
});

/** A YYYY-MM month as a period of its days. */
export function monthPeriod(month: string): Period {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/**
 * On Time when delivered before the end of its requested day; Late after it (or still out after
 * it); the outcome (Failed, Partly delivered) when the order left the delivery with items not
 * delivered, with no delay (decision 0059).
 */
export function performance(
  row: { delivered_at: string | null; late_after: string; outcome?: 'Failed' | 'Partly delivered' | null },
  now: Date,
): Pick<DeliveryPerformanceRow, 'performance_status' | 'hours_delay'> {
  if (row.outcome) return { performance_status: row.outcome, hours_delay: 0 };
  const lateAfter = new Date(row.late_after).getTime();
  const done = row.delivered_at ? new Date(row.delivered_at).getTime() : null;
  const reference = done ?? now.getTime();
  if (reference < lateAfter)
    return { performance_status: done === null ? 'Pending' : 'On Time', hours_delay: 0 };
  return { performance_status: 'Late', hours_delay: round((reference - lateAfter) / HOUR_MS, 1) };
}

/** The delivery performance report's columns (CSV, PDF): its metadata's (src/shared/reports.ts). */
export const deliveryPerformanceColumns: readonly ReportColumn<DeliveryPerformanceRow>[] =
  REPORTS['delivery-performance'].columns;

/** Whole deliveries per batch of the CSV download: about 13,600 rows (1.4 MB) at a million orders. */
export const PERFORMANCE_BATCH_DELIVERIES = 400;
const NUMBER = new Intl.NumberFormat('en-US');

export const performanceRow =
  (now: Date) =>
  (r: Awaited<ReturnType<typeof q.deliveredOrders>>[number]): DeliveryPerformanceRow => ({
    delivery_id: r.delivery_id,
    order_id: r.order_id,
    customer_name: r.customer_name,
    status: r.status,
    ...performance(r, now),
    delivery_date_time: r.delivered_at ?? r.failed_at ?? r.start,
    schedule_date: r.schedule_date,
    route_name: r.route_name,
  });

/**
 * Every row of the delivery performance report as CSV text, a batch of whole deliveries at a
 * time, written by PostgreSQL exactly as performanceRow + the CSV writer would (decision 0045).
 */
async function* performanceCsv(c: AppContext, span: q.Span): AsyncGenerator<string> {
  const now = c.clock();
  let after: q.DeliveryKey | undefined;
  for (;;) {
    const rows = await q.performanceCsvBatch(c.db, span, now, {
      deliveries: PERFORMANCE_BATCH_DELIVERIES,
      after,
    });
    const lines = rows.flatMap((r) => (r.lines === null ? [] : [r.lines]));
    if (lines.length > 0) yield `${lines.join('\r\n')}\r\n`;
    if (rows.length < PERFORMANCE_BATCH_DELIVERIES) return;
    const last = rows[rows.length - 1]!;
    after = { time: last.delivery_key, deliveryId: last.delivery_id };
  }
}

/** The PDF of the delivery performance report: the counts of every row, the latest `cap` rows. */
async function performancePreview(
  c: AppContext,
  span: q.Span,
  cap: number,
): Promise<ReportPreview<DeliveryPerformanceRow>> {
  const now = c.clock();
  const [rows, counts] = await Promise.all([
    q.deliveredOrders(c.db, span, { limit: cap }),
    q.performanceCounts(c.db, span, now),
  ]);
  const total = counts.reduce((sum, r) => sum + r.orders, 0);
  const delay = counts.reduce((sum, r) => sum + r.delay_hours, 0);
  const count = (status: string) => counts.find((r) => r.performance_status === status)?.orders ?? 0;
  const share = (n: number) => (total ? ` (${round((n / total) * 100, 1)} %)` : '');
  return {
    rows: rows.map(performanceRow(now)),
    total,
    summary: [
      ['Orders', NUMBER.format(total)],
      ...PERFORMANCE_STATUSES.map((status): [string, string] => [
        status,
        `${NUMBER.format(count(status))}${share(count(status))}`,
      ]),
      ['Average delay, all orders', `${total ? round(delay / total, 1) : 0} h`],
    ],
  };
}

/** The three manager reports (docs/product/business-rules.md#reports), each also as CSV and PDF. */
export function registerManagerReports(app: App, ctx: AppContext): void {
  registerReport(app, ctx, {
    ...REPORTS.truck_usage,
    row: truckUsageRow,
    extraQuery: { month: monthFilter },
    async run(c, _user, { period, query }) {
      const chosen = query.month ? monthPeriod(query.month) : period;
      const span = spanOf(chosen);
      const days = Math.round((span.before.getTime() - span.from.getTime()) / (24 * HOUR_MS));
      const available = days * TRUCK_HOURS_PER_DAY;
      const rows = await q.truckHours(c.db, span);
      return rows.map((r) => ({
        ...r,
        hours_used: round(r.hours_used, 2),
        hours_available: available,
        usageRate: available > 0 ? round(r.hours_used / available, 4) : 0,
      }));
    },
  });

  registerReport(app, ctx, {
    ...REPORTS['driver-hours'],
    row: driverHoursRow,
    run: (c, _user, { period }) => q.crewHours(c.db, spanOf(period)),
  });

  registerReport(app, ctx, {
    ...REPORTS['delivery-performance'],
    row: deliveryPerformanceRow,
    extraQuery: performancePaging,
    async run(c, _user, { period, query }) {
      // the route passes the whole query string: a download (csv) holds every row unless limited
      const json = (query as { format?: string }).format === 'json';
      const rows = await q.deliveredOrders(c.db, spanOf(period), {
        limit: query.limit ?? (json ? PERFORMANCE_JSON_DEFAULT_LIMIT : undefined),
        offset: query.offset,
      });
      return rows.map(performanceRow(c.clock()));
    },
    // the JSON rows written by PostgreSQL as the contract's writer would write `run`'s (decision 0048)
    json: async (c, _user, { period, query }) =>
      new RawJson(
        await q.performanceJson(c.db, spanOf(period), c.clock(), {
          limit: query.limit ?? PERFORMANCE_JSON_DEFAULT_LIMIT,
          offset: query.offset,
        }),
      ),
    // the CSV holds every row (25,800 a month at a million orders): read a batch of whole
    // deliveries at a time, as the client takes them; `limit`/`offset` still cut it when given
    csvText: (c, _user, { period, query }) =>
      query.limit !== undefined || query.offset !== undefined ? undefined : performanceCsv(c, spanOf(period)),
    // the PDF: the counts of every row, then the latest PDF_ROW_CAP rows
    pdfPreview: (c, _user, { period, query }, cap) =>
      query.limit !== undefined || query.offset !== undefined
        ? undefined
        : performancePreview(c, spanOf(period), cap),
  });

  registerReport(app, ctx, {
    ...REPORTS['delivery-performance-summary'],
    row: deliveryPerformanceSummaryRow,
    async run(c, _user, { period }) {
      const counts = await q.performanceCounts(c.db, spanOf(period), c.clock());
      const total = counts.reduce((s, r) => s + r.orders, 0);
      return PERFORMANCE_STATUSES.map((status) => {
        const orders = counts.find((r) => r.performance_status === status)?.orders ?? 0;
        return { performance_status: status, orders, percent: total ? round((orders / total) * 100, 1) : 0 };
      });
    },
  });
}
