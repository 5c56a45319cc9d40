import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { onTimeRate } from '#server/domain/on-time';
import { createProduct, createUser, placeOrderRequestedIn } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { ON_TIME_WINDOW_DAYS } from '#shared/constants';
import { publicFiguresSchema } from '#shared/contract/public-figures';
import { deliveredSinceLive } from '../dashboard/manager-stats.queries';
import { setOrderStatus } from '../orders/orders.queries';
import { PUBLIC_FIGURES_CACHE_MS, publicFiguresSource } from './public-figures.service';

// The landing page's figures (decision 0052) read counters and a rollup, never `orders` in
// bulk: after orders in every state, they must equal what a direct count of the orders gives.
// This file's database holds only what it makes.
const { app } = await createTestApp();
const db = app.ctx.db;
const DAY = 86_400_000;

const customer = await createUser(app, 'Customer');
const manager = await createUser(app, 'Manager');
const product = await createProduct(app, { units: 100_000, name: `Landing Tea ${Date.now()}` });

/** An order placed through the API, requested `scheduleInDays` from today (placed a week before). */
const place = (scheduleInDays: number) =>
  placeOrderRequestedIn(app, customer, product.productId, scheduleInDays);

/** The figures as anyone gets them: no Authorization header. */
async function figures() {
  const res = await app.inject({ url: '/api/public/figures' });
  expect(res.statusCode).toBe(200);
  return publicFiguresSchema.strict().parse(res.json());
}

/** The same figures counted directly from the orders. */
async function counted() {
  const all = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from orders where status = 'Delivered'`,
  );
  const since = new Date(Date.now() - ON_TIME_WINDOW_DAYS * DAY);
  const window = await deliveredSinceLive(db, since);
  return { orders_processed: all.rows[0]!.n, ...window };
}

async function expectFiguresExact() {
  const [got, want] = [await figures(), await counted()];
  expect(got).toEqual({
    orders_processed: want.orders_processed,
    delivered_in_window: want.delivered,
    on_time_in_window: want.on_time,
    on_time_rate: onTimeRate(want.on_time, want.delivered),
    on_time_window_days: ON_TIME_WINDOW_DAYS,
  });
  return got;
}

describe('GET /api/public/figures', () => {
  it('answers without signing in, with zeros and no rate while nothing has been delivered', async () => {
    expect(await figures()).toEqual({
      orders_processed: 0,
      delivered_in_window: 0,
      on_time_in_window: 0,
      on_time_rate: null,
      on_time_window_days: ON_TIME_WINDOW_DAYS,
    });
    // a stale or forged token in the browser does not turn the landing page into a 401
    const res = await app.inject({
      url: '/api/public/figures',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.statusCode).toBe(200);
    // placed but not delivered: still nothing processed
    await place(10);
    await expectFiguresExact();
    expect((await figures()).orders_processed).toBe(0);
  });

  it('equals a direct count after orders in every state, before and after the counters are folded', async () => {
    const now = Date.now();
    const at = (days: number, hours = 0) => new Date(now - days * DAY + hours * 3_600_000);
    // requested days from today; the last three stay Pending
    const ids = await Promise.all([-40, -20, -10, -6, -3, 5, 5, 8, 9, -2, -1, 12].map((d) => place(d)));
    const [old, late1, onTime1, onTime2, late2, onTime3, scheduled, inTransit, cancelled] = ids;
    // delivered through the app's status change: on time (hours before the requested day ends),
    // late (days after it), and one 40 days ago (processed, outside the on-time window)
    await setOrderStatus(db, onTime1!, 'Delivered', at(12));
    await setOrderStatus(db, onTime2!, 'Delivered', at(7));
    await setOrderStatus(db, late1!, 'Delivered', at(15));
    await setOrderStatus(db, old!, 'Delivered', at(41, 3));
    await setOrderStatus(db, scheduled!, 'Scheduled', at(0));
    await setOrderStatus(db, inTransit!, 'Scheduled', at(0));
    await setOrderStatus(db, inTransit!, 'In Transit', at(0));
    await setOrderStatus(db, cancelled!, 'Cancelled', at(0));
    // delivered in one statement (a crew confirming a truck's orders): one early, one late
    await db.execute(
      sql`update orders set status = 'Delivered',
                            delivered_at = case when order_id = ${onTime3!} then now() - interval '1 hour'
                                                else now() - interval '30 minutes' end
           where order_id in (${onTime3!}, ${late2!})`,
    );
    const got = await expectFiguresExact();
    expect(got).toMatchObject({ orders_processed: 6, delivered_in_window: 5 });
    // the orders still Pending, Scheduled, In Transit or Cancelled are not processed
    const statuses = await db.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from orders group by 1 order by 1`,
    );
    expect(statuses.rows).toEqual([
      { status: 'Cancelled', n: 1 },
      { status: 'Delivered', n: 6 },
      { status: 'In Transit', n: 1 },
      { status: 'Pending', n: 4 },
      { status: 'Scheduled', n: 1 },
    ]);

    // the counters folded (the server does it every few seconds): the same figures
    await db.execute(sql`select compact_order_counts()`);
    expect(await expectFiguresExact()).toEqual(got);

    // an order undelivered (a failed confirmation put back)
    await db.execute(
      sql`update orders set status = 'In Transit', delivered_at = null where order_id = ${onTime2!}`,
    );
    await expectFiguresExact();

    // the landing page and the manager dashboard show the same on-time rate
    const stats = await app.inject({ url: '/api/dashboard/manager-stats', headers: manager.auth });
    expect(stats.statusCode).toBe(200);
    expect((stats.json() as { on_time_rate: number | null }).on_time_rate).toBe(
      (await figures()).on_time_rate,
    );
  });

  it('the server keeps them for at most PUBLIC_FIGURES_CACHE_MS, sharing one read', async () => {
    let now = new Date();
    const figuresOf = publicFiguresSource({ ...app.ctx, clock: () => now }, PUBLIC_FIGURES_CACHE_MS);
    const [first, again] = await Promise.all([figuresOf(), figuresOf()]);
    expect(again).toBe(first);
    const id = await place(3);
    await setOrderStatus(db, id, 'Delivered', new Date());
    now = new Date(now.getTime() + PUBLIC_FIGURES_CACHE_MS - 1);
    expect(await figuresOf()).toBe(first);
    now = new Date(now.getTime() + 1);
    expect((await figuresOf()).orders_processed).toBe(first.orders_processed + 1);
  });

  it('is in the OpenAPI document as a call that needs no token', async () => {
    const res = await app.inject({ url: '/api/docs/json' });
    const op = res.json().paths['/api/public/figures'].get;
    expect(op.security).toEqual([]);
    expect(Object.keys(op.responses['200'].content['application/json'].schema.properties).sort()).toEqual([
      'delivered_in_window',
      'on_time_in_window',
      'on_time_rate',
      'on_time_window_days',
      'orders_processed',
    ]);
  });
});
