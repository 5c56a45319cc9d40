import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct, createUser, daysFromNow, placeOrderAs } from '../../test/factories';
import { createTestApp } from '../../test/harness';
import { createStore, createTrip, createTruck, HOUR, insertDelivery } from '../../test/scheduling-factories';

// Found by the bad-input suite (src/server/bad-input.property.test.ts): orders within every
// field's bounds (1,000,000 units, a price of 1,000,000, 1,000 space per unit) went past what the
// figures behind them hold, and PostgreSQL's own message came back ("numeric field overflow",
// "integer out of range") as a 422 logged as a value validation let through.
const logged: string[] = [];
const { app } = await createTestApp({
  logger: { level: 'warn', stream: { write: (line: string) => logged.push(line) } },
});
const store = await createStore(app);
const customer = await createUser(app, 'Customer');
const manager = await createUser(app, 'Manager');
const where = { city: store.cityName, deliveryAddress: `1 Temple Road, ${store.town}` };
const audit = async () =>
  (await app.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log`)).rows[0]!.n;
const TOO_LARGE = /^items: this order is too large to record/;

describe('orders at the limits of their figures', () => {
  it('an order worth more than the sales figures hold is refused, nothing written', async () => {
    const dear = await createProduct(app, { unitPrice: 1_000_000, units: 100_000_000 });
    const cheap = await createProduct(app, { unitPrice: 1, units: 100 });
    const before = await audit();
    const res = await placeOrderAs(
      app,
      customer,
      [{ productID: dear.productId, quantity: 1_000_000 }],
      where,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(TOO_LARGE);
    expect(await audit()).toBe(before);

    // the same through a change of a Pending order
    const placed = await placeOrderAs(app, customer, [{ productID: cheap.productId, quantity: 1 }], where);
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().order_id;
    const mark = await audit();
    const changed = await app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}`,
      headers: customer.auth,
      payload: { items: [{ productID: dear.productId, quantity: 1_000_000 }] },
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().detail).toMatch(TOO_LARGE);
    expect(await audit()).toBe(mark);
  });

  it('an order needing more space than int cents hold is answered for the space, not the cast', async () => {
    await createTrip(app, store.cityId, { departH: 30, capacity: 99_999_999 });
    await createTrip(app, store.cityId, { departH: 36, capacity: 99_999_999 });
    const bulky = await createProduct(app, { unitPrice: 1, spacePerUnit: 1000, units: 100_000_000 });
    const order = async (quantity: number) => {
      const res = await placeOrderAs(app, customer, [{ productID: bulky.productId, quantity }], where);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().order_id as number;
    };
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      app.inject({ method, url, headers: manager.auth, payload });

    // 1e9 units of space: no trip has room (409), the preview shows the need
    const huge = await order(1_000_000);
    const preview = await call('GET', `/api/orders/${huge}/allocation-preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().space).toBe(1_000_000_000);
    const refused = await call('POST', `/api/orders/${huge}/allocate-train`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/units of space are free/);
    // the planner reads it too
    const window = `from=${daysFromNow(9)}&to=${daysFromNow(11)}`;
    const pending = await call('GET', `/api/planning/pending-orders?${window}`);
    expect(pending.statusCode, pending.body).toBe(200);
    expect((pending.json().orders as Array<{ order_id: number }>).map((o) => o.order_id)).toContain(huge);
    const plan = await call('POST', '/api/planning/proposals', {
      from: daysFromNow(9),
      to: daysFromNow(11),
      pending_order_ids: [huge],
    });
    expect(plan.statusCode, plan.body).toBe(201);

    // 1.5e8 units: booked on two trains, then too large for any truck (409, not an overflow)
    const split = await order(150_000);
    expect((await call('POST', `/api/orders/${split}/allocate-train`)).statusCode).toBe(200);
    const truck = await createTruck(app, store.storeId, { capacity: 100_000 });
    const deliveryId = await insertDelivery(app, {
      truckId: truck.truckId,
      routeId: store.routeId,
      start: new Date(Date.now() + 100 * HOUR),
      hours: 2,
    });
    const load = await call('PUT', `/api/deliveries/${deliveryId}/orders`, { order_ids: [split] });
    expect(load.statusCode, load.body).toBe(409);
    expect(load.json().detail).toMatch(/has 100000 units of space left/);
    expect(logged.filter((l) => /validation let through|unhandled error/.test(l))).toEqual([]);
  });
});
