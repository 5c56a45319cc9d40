import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { expectCsvLinesExact } from '../test/delivery-performance-expected';
import { openTestDatabase } from '../test/harness';
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

  it('keeps stock, train space and truck loads as the triggers would', async () => {
    // the ledger's running balance never dips below zero and ends at available_units
    expect(await one(sql`select count(*)::int from stock_movements where balance_after < 0`)).toBe(0);
    expect(
      await one(sql`select count(*)::int from products p
                     where available_units <> (select coalesce(sum(delta), 0) from stock_movements m where m.product_id = p.product_id)
                        or movement_count <> (select count(*) from stock_movements m where m.product_id = p.product_id)`),
    ).toBe(0);
    expect(
      await one(sql`select count(*)::int from (
                      select product_id, seq, balance_after,
                             sum(delta) over (partition by product_id order by seq) as running,
                             row_number() over (partition by product_id order by movement_id) as by_id
                        from stock_movements) x
                     where running <> balance_after or by_id <> seq`),
    ).toBe(0);
    expect(
      await one(sql`select count(*)::int from train_trips t
                     where used_capacity > total_capacity
                        or used_capacity <> (select coalesce(sum(space), 0) from train_allocations a where a.train_trip_id = t.train_trip_id)`),
    ).toBe(0);
    expect(
      await one(sql`select count(*)::int from deliveries d join trucks t using (truck_id)
                     where loaded_space > t.capacity
                        or loaded_space <> (select coalesce(sum(space), 0) from delivery_orders x where x.delivery_id = d.delivery_id)`),
    ).toBe(0);
    // the rollups equal what the ledger and the orders say
    expect(
      await one(sql`select count(*)::int from (
                      select business_date(created_at) as movement_date, product_id,
                             coalesce(-sum(delta) filter (where reason = 'order_reserved'), 0) as issued
                        from stock_movements group by 1, 2) m
                      full join stock_daily d using (movement_date, product_id)
                     where m.issued is distinct from d.issued_units`),
    ).toBe(0);
    expect(
      await one(sql`select count(*)::int from (
                      select x.delivery_id, x.order_id, o.customer_id, o.schedule_date, o.delivered_at
                        from delivery_orders x join orders o using (order_id)) l
                      full join delivery_order_facts f using (delivery_id, order_id)
                     where l.order_id is null or f.customer_id is null or f.customer_id <> l.customer_id
                        or f.schedule_date <> l.schedule_date or f.delivered_at is distinct from l.delivered_at`),
    ).toBe(0);
    // the CSV rows of each delivery whose orders are all delivered (migrations/0025)
    expect(await expectCsvLinesExact(db)).toBeGreaterThan(0);
    // each Pending order's lines (migrations/0028)
    expect(
      await one(sql`select count(*)::int from (
                      select o.order_id, array_agg(i.product_id order by i.product_id) as product_ids,
                             array_agg(i.quantity order by i.product_id) as quantities
                        from orders o join order_items i using (order_id)
                       where o.status = 'Pending' group by o.order_id) l
                      full join pending_order_lines s using (order_id)
                     where (l.product_ids, l.quantities) is distinct from (s.product_ids, s.quantities)`),
    ).toBe(0);
    expect(await one(sql`select count(*)::int from pending_order_lines`)).toBeGreaterThan(0);
    // each customer's delivery addresses, those of its orders (migrations/0023)
    expect(
      await one(sql`select count(*)::int from (select distinct customer_id, delivery_address from orders) o
                      full join customer_delivery_addresses a using (customer_id, delivery_address)
                     where o.customer_id is null or a.customer_id is null`),
    ).toBe(0);
    // the open orders' lines with their trains' arrivals (migrations/0027): the rebuild's own rows
    const lines = sql`select order_id, product_id, city_id, last_arrival, arrivals, customer_id, schedule_date, quantity
                        from store_stock_lines order by order_id, product_id`;
    const kept = (await db.execute(lines)).rows;
    expect(kept.length).toBeGreaterThan(0);
    await db.execute(sql`select rebuild_store_stock_lines()`);
    expect((await db.execute(lines)).rows).toEqual(kept);
    expect(await one(sql`select sum(units)::int from product_sales_daily`)).toBe(
      await one(
        sql`select sum(quantity)::int from order_items i join orders o using (order_id) where o.status <> 'Cancelled'`,
      ),
    );
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

  it('keeps the order counters equal to count(*)', async () => {
    expect(
      await one(sql`select count(*)::int from (select customer_id, status, count(*) as n from orders group by 1, 2) r
                     full join (select customer_id, status, sum(n) as n from order_counts where customer_id <> 0 group by 1, 2) c
                       using (customer_id, status)
                     where r.n is distinct from c.n`),
    ).toBe(0);
  });
});
