import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct, createUser, daysFromNow, placeOrderRequestedIn } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { setOrderStatus } from '../orders/orders.queries';
import { deliveredSinceLive, headlineCounts } from './manager-stats.queries';

// The manager dashboard's on-time rate reads whole days from `delivered_days` (migration 0014),
// kept by a trigger in the writer's transaction: after any mix of writes, also concurrent ones,
// the rollup must equal the orders grouped by day, and the dashboard's figures the live count.
const t = await createTestApp();
const { app } = t;
const db = app.ctx.db;

const customer = await createUser(app, 'Customer');
const product = await createProduct(app, { units: 1_000_000, name: `On-time Tea ${Date.now()}` });
const DAY = 86_400_000;
const now = new Date();

/** An order placed through the API, requested `scheduleInDays` from today. */
const place = (scheduleInDays: number) =>
  placeOrderRequestedIn(app, customer, product.productId, scheduleInDays);

/** An instant `days` before now, plus `hours`. */
const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY + hours * 3_600_000);

async function expectRollupExact() {
  const rollup = await db.execute<{ day: string; delivered: number; on_time: number }>(
    sql`select to_char(day, 'YYYY-MM-DD') as day, delivered, on_time from delivered_days
         where delivered <> 0 or on_time <> 0 order by day`,
  );
  const live = await db.execute<{ day: string; delivered: number; on_time: number }>(
    sql`select to_char((delivered_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as delivered,
               sum(delivered_on_time(delivered_at, schedule_date))::int as on_time
          from orders where delivered_at is not null group by 1 order by 1`,
  );
  expect(rollup.rows).toEqual(live.rows);
  // the dashboard's window from several starting points: mid-day, a day boundary, within today
  const midnight = new Date(Math.floor(now.getTime() / DAY) * DAY);
  for (const since of [
    ago(30),
    ago(7, 5),
    ago(2),
    new Date(midnight.getTime() - 5 * DAY),
    midnight,
    ago(0, -1),
  ]) {
    const counts = await headlineCounts(db, now, since);
    const expected = await deliveredSinceLive(db, since);
    expect({ delivered: counts.delivered, on_time: counts.on_time }, since.toISOString()).toEqual(expected);
  }
}

describe('delivered_days: delivered and on-time orders per day', () => {
  it('follows deliveries through the app, bulk SQL, a changed date, an undelivery, an insert and a delete', async () => {
    const ids = await Promise.all([-35, -20, -10, -6, -3, -1, 0, 2].map((d) => place(d)));
    // the app's status change, on time (before the requested day ends) and late
    await setOrderStatus(db, ids[0]!, 'Delivered', ago(0, -2));
    await setOrderStatus(db, ids[1]!, 'Delivered', ago(3));
    await expectRollupExact();
    // a delivered order's requested date moved before its delivery (now late); then one
    // statement delivering orders on several days, some of them late
    await db.execute(
      sql`update orders set schedule_date = (delivered_at at time zone 'UTC')::date - 1,
                            order_date = ((delivered_at at time zone 'UTC')::date - 8)::timestamp at time zone 'UTC'
           where order_id = ${ids[1]!}`,
    );
    await db.execute(
      sql`update orders set delivered_at = now() - (order_id % 7) * interval '1 day' - interval '3 hours',
                            status = 'Delivered'
           where order_id in (${sql.join(
             ids.slice(2, 7).map((id) => sql`${id}`),
             sql`, `,
           )})`,
    );
    await expectRollupExact();
    // a late delivery moved in time, an order undelivered (failed), requested dates moved
    await db.execute(
      sql`update orders set delivered_at = delivered_at - interval '9 days' where order_id = ${ids[2]!}`,
    );
    await db.execute(
      sql`update orders set delivered_at = null, status = 'Scheduled' where order_id = ${ids[3]!}`,
    );
    await db.execute(
      sql`update orders set schedule_date = schedule_date - 30, order_date = order_date - interval '30 days'
           where order_id in (${ids[4]!}, ${ids[7]!})`,
    );
    await expectRollupExact();
    // an order inserted already delivered (a bulk loader with triggers on)
    const lone = await db.execute<{ order_id: number }>(
      sql`insert into orders (customer_id, order_date, schedule_date, status, delivered_at)
          values (${customer.customerId}, ${daysFromNow(-19)}, ${daysFromNow(-12)}, 'Delivered', ${ago(11).toISOString()})
          returning order_id`,
    );
    await expectRollupExact();
    // and deleted (the ledger keeps the orders placed through the API)
    await db.execute(sql`delete from orders where order_id = ${lone.rows[0]!.order_id}`);
    await expectRollupExact();
  });

  it('stays exact when many orders are delivered at the same time', async () => {
    const ids = await Promise.all(Array.from({ length: 24 }, (_, i) => place((i % 4) - 2)));
    await Promise.all(
      ids.map((id, i) =>
        db.transaction(async (tx) => {
          await setOrderStatus(tx, id, 'Delivered', ago(i % 3, -0.5));
        }),
      ),
    );
    await expectRollupExact();
    // undelivering and delivering again at the same time
    await Promise.all(
      ids.map((id, i) =>
        db.execute(
          i % 2 === 0
            ? sql`update orders set delivered_at = null, status = 'Scheduled' where order_id = ${id}`
            : sql`update orders set delivered_at = delivered_at - interval '1 day' where order_id = ${id}`,
        ),
      ),
    );
    await expectRollupExact();
  });

  it('is rebuilt from the orders by rebuild_delivered_days()', async () => {
    await db.execute(sql`update delivered_days set delivered = delivered + 5`);
    await db.execute(sql`select rebuild_delivered_days()`);
    await expectRollupExact();
  });

  it('gives the manager dashboard its on-time rate', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/dashboard/manager-stats',
      headers: (await createUser(app, 'Manager')).auth,
    });
    expect(res.statusCode).toBe(200);
    const live = await deliveredSinceLive(db, new Date(Date.now() - 30 * DAY));
    expect(live.delivered).toBeGreaterThan(0);
    // every delivery of these tests lies well inside the 30 days
    expect(res.json()).toMatchObject({
      on_time_rate: Math.round((live.on_time / live.delivered) * 1000) / 10,
      on_time_window_days: 30,
    });
  });
});
