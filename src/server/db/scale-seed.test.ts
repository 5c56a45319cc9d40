import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { expectCsvLinesExact } from '../test/delivery-performance-expected';
import { derivedTablesAgainstRebuilds } from '../test/derived-expected';
import { openTestDatabase } from '../test/harness';
import { DERIVED_TABLES } from './derived-tables';
import { seedScale } from './scale-seed';
import { seedDemoData } from './seed';

// The scale seed loads with triggers off, so this checks that it wrote what the triggers and
// CHECKs would have kept: on a small scale, the same SQL as at a million orders.
const database = await openTestDatabase();
afterAll(() => database.close());
const db = database.db;
const now = new Date();
await seedDemoData(db, { now });
const progress: number[] = [];
const summary = await seedScale(db, 3000, { now, onProgress: (p) => progress.push(p.done / p.total) });

const one = async (query: ReturnType<typeof sql>) =>
  Number(Object.values((await db.execute<Record<string, unknown>>(query)).rows[0] ?? { n: 0 })[0]);

describe('npm run seed -- --scale N', () => {
  it('adds N orders over three years, with progress reported to the end', async () => {
    expect(summary.counts.orders).toBe(3000);
    expect(progress.at(-1)).toBe(1);
    const span = await one(
      sql`select extract(day from max(order_date) - min(order_date))::int from orders
           where customer_id in (select customer_id from customers where email like 'scale%')`,
    );
    expect(span).toBeGreaterThan(1000);
    for (const status of ['Pending', 'Scheduled', 'Delivered', 'Cancelled']) {
      expect(
        await one(sql`select count(*)::int from orders where status = ${status}`),
        status,
      ).toBeGreaterThan(0);
    }
  });

  it('leaves every trigger-kept table equal to its rebuild (db/derived-tables.ts), the loaded ones too', async () => {
    expect(await derivedTablesAgainstRebuilds(db, DERIVED_TABLES)).toBe('');
    // each rebuild once, at 3,000 orders (the ledger renumbered, every searched row read)
  }, 120_000);

  it('keeps stock, train space and truck loads within their bounds, with work for every derived table', async () => {
    // (that each kept value equals its sources is the registry check above)
    expect(await one(sql`select count(*)::int from stock_movements where balance_after < 0`)).toBe(0);
    expect(await one(sql`select count(*)::int from train_trips where used_capacity > total_capacity`)).toBe(
      0,
    );
    expect(
      await one(sql`select count(*)::int from deliveries d join trucks t using (truck_id)
                     where loaded_space > t.capacity`),
    ).toBe(0);
    for (const table of [
      'pending_order_lines',
      'store_stock_lines',
      'delivery_order_facts',
      'customer_months',
    ])
      expect(await one(sql`select count(*)::int from ${sql.raw(table)}`), table).toBeGreaterThan(0);
    // the CSV rows of each delivery whose orders are all delivered, as the report's TypeScript
    // rates them (migrations/0025)
    expect(await expectCsvLinesExact(db)).toBeGreaterThan(0);
  });

  it('gives every order a history along the life cycle that ends at its status', async () => {
    expect(
      await one(sql`select count(*)::int from orders o
                     where (select to_status from order_status_history h where h.order_id = o.order_id
                             order by changed_at desc, history_id desc limit 1) is distinct from o.status
                        or (select from_status is null and to_status = 'Pending' from order_status_history h
                             where h.order_id = o.order_id order by changed_at, history_id limit 1) is not true`),
    ).toBe(0);
    expect(
      await one(sql`select count(*)::int from order_status_history h
                     where h.from_status is not null and not exists (
                       select 1 from order_status_history p where p.order_id = h.order_id and p.to_status = h.from_status
                          and p.changed_at <= h.changed_at)`),
    ).toBe(0);
    // delivered orders rode a train and a truck, and were delivered while their delivery ran (the
    // demo data is checked by seed.test.ts)
    expect(
      await one(sql`select count(*)::int from orders o where o.status = 'Delivered'
                     and o.customer_id in (select customer_id from customers where email like 'scale%')
                     and (not exists (select 1 from train_allocations a where a.order_id = o.order_id)
                       or not exists (select 1 from delivery_orders x join deliveries d using (delivery_id)
                                       where x.order_id = o.order_id and d.status = 'Delivered'
                                         and o.delivered_at between d.started_at and d.completed_at))`),
    ).toBe(0);
    expect(await one(sql`select count(*)::int from orders where status = 'Delivered'`)).toBeGreaterThan(0);
    expect(
      await one(sql`select count(*)::int from audit_log where table_name = 'orders'`),
    ).toBeGreaterThanOrEqual(3000);
  });

  it('keeps its crews within the roster rules: one delivery a day each, weekly hours within limits', async () => {
    const scaleDeliveries = sql`select d.* from deliveries d join trucks t using (truck_id) where t.plate_number like 'KP %'`;
    expect(await one(sql`select count(*)::int from (${scaleDeliveries}) d`)).toBeGreaterThan(0);
    for (const column of ['truck_id', 'driver_employee_id', 'assistant_employee_id']) {
      expect(
        await one(sql`select count(*)::int from (
                        select 1 from (${scaleDeliveries}) d
                         group by ${sql.raw(column)}, (delivery_date_time at time zone 'Asia/Colombo')::date
                        having count(*) > 1) x`),
        column,
      ).toBe(0);
    }
    const weekly = (column: string, limit: number) =>
      one(sql`select count(*)::int from (
                select 1 from (${scaleDeliveries}) d
                 group by ${sql.raw(column)}, date_trunc('week', delivery_date_time at time zone 'UTC')
                having sum(extract(epoch from end_date_time - delivery_date_time)) / 3600 > ${limit}) x`);
    expect(await weekly('driver_employee_id', 40)).toBe(0);
    expect(await weekly('assistant_employee_id', 60)).toBe(0);
  });

  it('fills the support inbox as the triggers of migration 0035 would', async () => {
    expect(summary.counts.support_requests).toBeGreaterThan(0);
    for (const status of ['Open', 'Answered', 'Closed']) {
      expect(
        await one(sql`select count(*)::int from support_requests where status = ${status}`),
        status,
      ).toBeGreaterThan(0);
    }
    // the counts, the latest message and the state agree with the conversation; the opening message is the request's
    expect(
      await one(sql`select count(*)::int from support_requests s
          cross join lateral (
            select count(*)::int as n, max(m.created_at) as last_at,
                   (array_agg(m.author_side order by m.created_at desc, m.message_id desc))[1] as last_side,
                   (array_agg(m.body order by m.created_at, m.message_id))[1] as first_body
              from support_messages m where m.request_id = s.request_id) m
          where s.message_count <> m.n or s.last_message_at <> m.last_at or s.last_message_side <> m.last_side
             or s.message <> m.first_body
             or (s.status <> 'Closed' and s.status <> case m.last_side when 'staff' then 'Answered' else 'Open' end)
             or (s.status = 'Closed') <> (s.closed_at is not null)`),
    ).toBe(0);
    expect(await one(sql`select count(*)::int from support_messages where created_at > now()`)).toBe(0);
    // new requests and messages take ids after the loaded ones
    expect(
      await one(sql`select (nextval(pg_get_serial_sequence('support_messages', 'message_id')) > max(message_id))::int
                      from support_messages`),
    ).toBe(1);
  });
});
