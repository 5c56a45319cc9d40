import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { literalCount, prepared } from '#server/db/prepared';
import { isoTimestamp } from '#server/db/sql-helpers';
import { lateAfter } from '#server/domain/on-time';
import { asciiJson } from '#server/http/serializer';
import { PERFORMANCE_JSON_DEFAULT_LIMIT, type PerformanceStatus } from '#shared/contract/manager-reports';

/**
 * The orders of each delivery with their facts (delivery_order_facts, migrations/0020_b): one
 * short range of its primary key per delivery. `offset 0` keeps the planner from turning this
 * into a join over the whole table.
 */
const factsOfDelivery = sql`cross join lateral (
    select f.order_id, f.customer_id, f.schedule_date, f.delivered_at, f.failed_at, f.outcome
      from delivery_order_facts f where f.delivery_id = d.delivery_id offset 0) f`;

/** The milliseconds since 1970 at which an order requested for `day` (a date) turns Late. */
const lateAfterMs = (day: SQL) => sql`((${day} - date '1970-01-01' + 1)::bigint * 86400000 - 19800000)`;

/** A half-open span of instants [from, before). */
export interface Span {
  from: Date;
  before: Date;
}

/** Scheduled hours per truck for the deliveries starting in the span; every truck is listed. */
export async function truckHours(db: Executor, span: Span) {
  const res = await db.execute<{
    truckId: number;
    plate_number: string;
    store_city: string;
    deliveries: number;
    hours_used: number;
  }>(
    sql`select t.truck_id as "truckId", t.plate_number, ci.name as store_city,
          coalesce(u.deliveries, 0)::int as deliveries, coalesce(u.hours, 0)::float8 as hours_used
        from trucks t
        join stores s on s.store_id = t.store_id
        join cities ci on ci.city_id = s.city_id
        left join (select truck_id, count(*) as deliveries,
                          sum(extract(epoch from end_date_time - delivery_date_time)) / 3600 as hours
                   from deliveries
                   where delivery_date_time >= ${span.from.toISOString()} and delivery_date_time < ${span.before.toISOString()}
                   group by truck_id) u on u.truck_id = t.truck_id
        order by ci.name, t.plate_number`,
  );
  return res.rows;
}

/** Scheduled hours of every driver and assistant (active, or who worked in the span). */
export async function crewHours(db: Executor, span: Span) {
  const res = await db.execute<{
    employeeId: number;
    name: string;
    employee_type: string;
    deliveries: number;
    totalHours: number;
  }>(
    sql`with work as (
          select driver_employee_id as employee_id, end_date_time - delivery_date_time as length
            from deliveries
           where driver_employee_id is not null
             and delivery_date_time >= ${span.from.toISOString()} and delivery_date_time < ${span.before.toISOString()}
          union all
          select assistant_employee_id, end_date_time - delivery_date_time
            from deliveries
           where assistant_employee_id is not null
             and delivery_date_time >= ${span.from.toISOString()} and delivery_date_time < ${span.before.toISOString()}
        ), per_person as (
          select employee_id, count(*) as deliveries, sum(extract(epoch from length)) / 3600 as hours
            from work group by employee_id
        )
        select e.employee_id as "employeeId", trim(e.first_name || ' ' || e.last_name) as name,
               e.type as employee_type, coalesce(p.deliveries, 0)::int as deliveries,
               round(coalesce(p.hours, 0)::numeric, 2)::float8 as "totalHours"
          from employees e left join per_person p on p.employee_id = e.employee_id
         where e.type in ('Driver', 'Assistant') and (e.is_active or p.employee_id is not null)
         order by e.type desc, "totalHours" desc, e.last_name, e.first_name`,
  );
  return res.rows;
}

/** Where a batch of the CSV starts: after this delivery (its start, as PostgreSQL's text). */
export interface DeliveryKey {
  time: string;
  deliveryId: number;
}

/** Deliveries starting in the span, latest first, after `after` when given (a keyset). */
const deliveriesOf = (span: Span, after?: DeliveryKey) => sql`
    d.delivery_date_time >= ${span.from.toISOString()} and d.delivery_date_time < ${span.before.toISOString()}
    ${
      after
        ? sql`and d.delivery_date_time <= ${after.time}::timestamptz
              and (d.delivery_date_time < ${after.time}::timestamptz or d.delivery_id < ${after.deliveryId})`
        : sql``
    }`;

/**
 * The orders on deliveries starting in the span, latest delivery first, a page of orders when
 * `limit` is set (the JSON report, the PDF's first rows).
 */
export async function deliveredOrders(
  db: Executor,
  span: Span,
  page: { limit?: number; offset?: number } = {},
) {
  const res = await db.execute<{
    delivery_id: number;
    order_id: number;
    customer_name: string;
    status: string;
    delivered_at: string | null;
    failed_at: string | null;
    outcome: 'Failed' | 'Partly delivered' | null;
    start: string;
    late_after: string;
    schedule_date: string;
    route_name: string;
  }>(
    sql`select d.delivery_id, f.order_id, c.name as customer_name, d.status,
          ${isoTimestamp('f.delivered_at')} as delivered_at, ${isoTimestamp('f.failed_at')} as failed_at, f.outcome,
          ${isoTimestamp('d.delivery_date_time')} as start,
          to_char(${lateAfter('f.schedule_date')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as late_after,
          to_char(f.schedule_date, 'YYYY-MM-DD') as schedule_date, r.name as route_name
        from deliveries d
        ${factsOfDelivery}
        join customers c on c.customer_id = f.customer_id
        join routes r on r.route_id = d.route_id
        where ${deliveriesOf(span)}
        order by d.delivery_date_time desc, d.delivery_id desc, f.order_id
        ${page.limit === undefined ? sql`` : sql`limit ${page.limit}`}
        ${page.offset ? sql`offset ${page.offset}` : sql``}`,
  );
  return res.rows;
}

/**
 * A page of the delivery performance report as the JSON text the API answers (decision 0048):
 * the rows of deliveredOrders (the same order, limit and offset), each written as the contract's
 * compiled writer writes performanceRow's value (fields in deliveryPerformanceRow's order, no
 * spaces), rated by the rule of performanceCsvBatch. A text is written by to_json, which escapes
 * what JSON.stringify escapes, the same way (quote, backslash, \b \f \n \r \t, other controls as
 * \u00xx in lower case); the characters outside ASCII are then escaped by `asciiJson` (none at
 * all in most answers: a scan). The server sends the text as it is (RawJson), instead of
 * parsing 1,000 rows of nine fields, rating them and writing them again; in tests every answer
 * is compared with what zod and JSON.stringify write.
 */
export async function performanceJson(
  db: Executor,
  span: Span,
  now: Date,
  page: { limit: number; offset?: number },
): Promise<string> {
  const tenths = sql`floor((p.reference_ms - s.late_ms)::float8 / 3600000 * 10 + 0.5)::bigint`;
  // the default page (the screen's) is a prepared statement: its plan is the same index walk for
  // any period (checked with force_generic_plan on the 1M copy: a day, a month, three years), so
  // PostgreSQL keeps it instead of planning the statement again for every request
  const usual = page.offset === undefined && page.limit === PERFORMANCE_JSON_DEFAULT_LIMIT;
  const query = sql`select '[' || coalesce(string_agg(concat(
              '{"delivery_id":', p.delivery_id, ',"order_id":', p.order_id,
              ',"customer_name":', c.name, ',"status":', to_json(p.status)::text,
              ',"performance_status":"',
              case when p.outcome is not null then p.outcome
                   when p.reference_ms >= s.late_ms then 'Late' when p.delivered_at is null then 'Pending' else 'On Time' end,
              '","delivery_date_time":"',
              coalesce(${isoTimestamp('p.delivered_at')}, ${isoTimestamp('p.failed_at')}, ${isoTimestamp('p.delivery_date_time')}),
              '","hours_delay":',
              case when p.outcome is not null or p.reference_ms < s.late_ms then '0'
                   else (${tenths} / 10)::text || case when ${tenths} % 10 = 0 then '' else '.' || (${tenths} % 10)::text end
              end,
              ',"schedule_date":"', s.day, '","route_name":', r.name, '}'),
            ',' order by p.delivery_date_time desc, p.delivery_id desc, p.order_id), '') || ']' as body
        from (select d.delivery_id, d.delivery_date_time, d.status, d.route_id, f.order_id, f.customer_id,
                     f.schedule_date, f.delivered_at, f.failed_at, f.outcome,
                     coalesce(floor(date_part('epoch', f.delivered_at))::bigint * 1000, ${now.getTime()}::bigint) as reference_ms
                from deliveries d
                ${factsOfDelivery}
               where ${deliveriesOf(span)}
               order by d.delivery_date_time desc, d.delivery_id desc, f.order_id
               limit ${usual ? literalCount(page.limit) : page.limit}
               ${page.offset === undefined ? sql`` : sql`offset ${page.offset}`}) p
        join lateral (select to_json(c.name)::text as name from customers c where c.customer_id = p.customer_id offset 0) c on true
        join lateral (select to_json(r.name)::text as name from routes r where r.route_id = p.route_id offset 0) r on true
        join lateral (select to_char(p.schedule_date, 'YYYY-MM-DD') as day,
                             ${lateAfterMs(sql`p.schedule_date`)} as late_ms offset 0) s on true`;
  const res = await db.execute<{ body: string }>(usual ? prepared(query) : query);
  const body = res.rows[0]!.body;
  // as many UTF-8 bytes as characters: all ASCII, nothing to escape (a quicker test than a scan)
  return Buffer.byteLength(body) === body.length ? body : asciiJson(body);
}

/**
 * Orders per performance status (the same rule as performance() in manager-reports.ts), and the
 * hours by which the late ones are late, summed (a failed row has no delay: decision 0059).
 */
export async function performanceCounts(db: Executor, span: Span, now: Date) {
  const res = await db.execute<{
    performance_status: PerformanceStatus;
    orders: number;
    delay_hours: number;
  }>(
    sql`select case when f.outcome is not null then f.outcome
                    when f.delivered_at is not null and f.delivered_at < ${lateAfter('f.schedule_date')} then 'On Time'
                    when coalesce(f.delivered_at, ${now.toISOString()}::timestamptz) >= ${lateAfter('f.schedule_date')} then 'Late'
                    else 'Pending' end as performance_status,
               count(*)::int as orders,
               coalesce(sum(case when f.outcome is not null then 0
                 else greatest(0, extract(epoch from coalesce(f.delivered_at, ${now.toISOString()}::timestamptz)
                   - ${lateAfter('f.schedule_date')})) end), 0)::float8 / 3600 as delay_hours
        from deliveries d
        ${factsOfDelivery}
        where ${deliveriesOf(span)}
        group by 1`,
  );
  return res.rows;
}

/**
 * A batch of the delivery performance CSV: `deliveries` whole deliveries after `after` (keyset,
 * latest first), each with its rows already written as CSV text (CRLF between rows, none after
 * the last; null for a delivery without orders), exactly as performanceRow and toCsv write them
 * (decision 0045), so the server neither parses 25,000 rows of ten fields nor writes them again.
 *
 * The rows of a delivery whose orders are all delivered do not depend on `now`: they are copied
 * as stored (delivery_csv_lines, kept by the writes' triggers, migrations/0025, decision 0053);
 * the other deliveries' rows are written by delivery_csv_texts() with `now`, the function the
 * stored text comes from (the rule of performance() and the cells of lib/csv.ts, in SQL).
 */
export async function performanceCsvBatch(
  db: Executor,
  span: Span,
  now: Date,
  page: { deliveries: number; after?: DeliveryKey },
) {
  const res = await db.execute<{ delivery_id: number; delivery_key: string; lines: string | null }>(
    sql`with d as materialized (
          select d.delivery_id, d.delivery_date_time, l.lines
            from deliveries d
            left join delivery_csv_lines l on l.delivery_id = d.delivery_id
           where ${deliveriesOf(span, page.after)}
           order by d.delivery_date_time desc, d.delivery_id desc
           limit ${page.deliveries})
        -- a delivery without orders is a row too (no lines): the next batch starts after it
        select d.delivery_id, d.delivery_date_time::text as delivery_key, coalesce(d.lines, t.lines) as lines
          from d
          left join delivery_csv_texts(
            array(select d.delivery_id from d where d.lines is null), ${now.getTime()}::bigint) t
            on t.delivery_id = d.delivery_id
         order by d.delivery_date_time desc, d.delivery_id desc`,
  );
  return res.rows;
}
