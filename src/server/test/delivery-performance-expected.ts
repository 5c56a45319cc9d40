import { type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Executor } from '#server/db/client';
import { deliveryPerformanceColumns, performanceRow } from '#server/features/manager-reports/manager-reports';
import type { Span } from '#server/features/manager-reports/manager-reports.queries';
import { csvColumns } from '#server/http/report-route';
import { toCsv } from '#server/lib/csv';

// The delivery performance report as computed before delivery_order_facts (decision 0045) and
// the stored CSV rows (decision 0053): the orders read through delivery_orders and `orders`, and
// the orders that failed on a delivery through delivery_failures (decision 0059), rated in JS by
// performance() and written by the API's CSV writer. The tests hold what PostgreSQL writes and
// stores to this.

/** The report's rows of the deliveries `where` selects (on `d`), latest delivery first. */
export async function previousRows(db: Executor, where: SQL, at: Date) {
  const res = await db.execute<Parameters<ReturnType<typeof performanceRow>>[0]>(
    sql`with d as (
          select d.delivery_id, d.delivery_date_time, d.status, d.route_id from deliveries d
           where ${where}
           order by d.delivery_date_time desc, d.delivery_id desc)
        select d.delivery_id, o.order_id, c.name as customer_name, d.status,
          case when x.outcome is null
               then to_char(o.delivered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') end as delivered_at,
          to_char(x.failed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as failed_at, x.outcome,
          to_char(d.delivery_date_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as start,
          to_char((((o.schedule_date + 1)::timestamp - interval '330 minutes') at time zone 'UTC') at time zone 'UTC',
                  'YYYY-MM-DD"T"HH24:MI:SS"Z"') as late_after,
          to_char(o.schedule_date, 'YYYY-MM-DD') as schedule_date, r.name as route_name
        from d
        cross join lateral (
          select x.order_id, null::timestamptz as failed_at, null::text as outcome
            from delivery_orders x where x.delivery_id = d.delivery_id
          union all
          -- an order that left the delivery with items not delivered (migration 0030, decision 0059)
          select f.order_id, f.failed_at, case when f.delivered_items > 0 then 'Partly delivered' else 'Failed' end
            from delivery_failures f where f.delivery_id = d.delivery_id
          offset 0) x
        join orders o on o.order_id = x.order_id
        join customers c on c.customer_id = o.customer_id
        join routes r on r.route_id = d.route_id
        order by d.delivery_date_time desc, d.delivery_id desc, o.order_id`,
  );
  return res.rows.map(performanceRow(at));
}

/** The deliveries starting in the span. */
export const startingIn = (span: Span) =>
  sql`d.delivery_date_time >= ${span.from.toISOString()} and d.delivery_date_time < ${span.before.toISOString()}`;

/** The CSV download of the span as the API's CSV writer writes the previous rows. */
export const previousCsv = async (db: Executor, span: Span, at: Date) =>
  toCsv(csvColumns(deliveryPerformanceColumns), await previousRows(db, startingIn(span), at));

/**
 * delivery_csv_lines (migrations/0025, 0031) holds exactly the deliveries whose orders are all
 * delivered or failed (at least one), each with its rows as the CSV writer writes them (CRLF
 * between rows).
 * Returns how many deliveries it holds.
 */
export async function expectCsvLinesExact(db: Executor): Promise<number> {
  const stored = await db.execute<{ delivery_id: number; lines: string }>(
    sql`select delivery_id, lines from delivery_csv_lines order by delivery_id`,
  );
  // the rows do not depend on the time: any `now` rates delivered orders the same
  const rows = await previousRows(
    db,
    sql`(exists (select 1 from delivery_orders x where x.delivery_id = d.delivery_id)
         or exists (select 1 from delivery_failures f where f.delivery_id = d.delivery_id))
        and not exists (select 1 from delivery_orders x join orders o using (order_id)
                         where x.delivery_id = d.delivery_id and o.delivered_at is null)`,
    new Date(0),
  );
  const byDelivery = new Map<number, typeof rows>();
  for (const r of rows) byDelivery.set(r.delivery_id, [...(byDelivery.get(r.delivery_id) ?? []), r]);
  const expected = [...byDelivery]
    .sort(([a], [b]) => a - b)
    .map(([deliveryId, of]) => ({
      delivery_id: deliveryId,
      lines: toCsv(csvColumns(deliveryPerformanceColumns), of, { header: false }).slice(0, -2),
    }));
  expect(stored.rows).toEqual(expected);
  return stored.rows.length;
}
