import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { approvedOrder, crewScene, loadDirectly } from '#server/test/crew-factories';
import { expectCsvLinesExact } from '#server/test/delivery-performance-expected';
import { createUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { setOrderStatus } from '../orders/orders.queries';

// delivery_order_facts (migrations 0020_b, 0031) is kept by triggers in the writer's transaction:
// after every kind of write, also concurrent ones, it must equal delivery_orders joined to orders
// with the orders that failed on a delivery (delivery_failures); and
// the CSV rows stored from it (delivery_csv_lines, migration 0025) what the CSV writer writes.
const { app } = await createTestApp();
const db = app.ctx.db;
const manager = await createUser(app, 'Manager');
const SIGNATURE = `data:image/png;base64,${Buffer.from('a signature').toString('base64')}`;

async function expectFactsExact() {
  const facts = await db.execute(
    sql`select delivery_id, order_id, customer_id, schedule_date::text, delivered_at::text, failed_at::text, outcome
          from delivery_order_facts order by order_id, delivery_id`,
  );
  // the orders on a delivery, and those that left one with items not delivered (migration 0031)
  const live = await db.execute(
    sql`select x.delivery_id, x.order_id, o.customer_id, o.schedule_date::text, x.delivered_at, x.failed_at, x.outcome
          from (select delivery_id, l.order_id, o.delivered_at::text, null as failed_at, null as outcome
                  from delivery_orders l join orders o using (order_id)
                union all
                select delivery_id, order_id, null, failed_at::text,
                       case when delivered_items > 0 then 'Partly delivered' else 'Failed' end
                  from delivery_failures) x
          join orders o using (order_id) order by order_id, delivery_id`,
  );
  expect(facts.rows).toEqual(live.rows);
  // and the CSV rows stored from them (migrations/0025)
  await expectCsvLinesExact(db);
  return facts.rows.length;
}

const post = (url: string, who: { auth: Record<string, string> }, payload?: Record<string, unknown>) =>
  app.inject({ method: 'POST', url, headers: who.auth, payload });

describe('delivery_order_facts', () => {
  it('follows the crew and the manager: loading, start, confirmations, a failure, a cancel, a status change', async () => {
    const s = await crewScene(app, { manager, orderCount: 4 });
    expect(await expectFactsExact()).toBeGreaterThanOrEqual(4);
    expect((await post(`/api/deliveries/${s.deliveryId}/start`, s.driver)).statusCode).toBe(200);
    const [a, b, c, d] = s.orders;
    for (const productId of a!.productIds) {
      const res = await post(`/api/deliveries/${s.deliveryId}/confirm-item`, s.assistant, {
        order_id: a!.orderId,
        product_id: productId,
        recipient_name: 'Nimal Perera',
        signature: SIGNATURE,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await expectFactsExact();
    const fail = await post(`/api/deliveries/${s.deliveryId}/orders/${b!.orderId}/fail`, s.assistant, {
      reason: 'Customer absent',
    });
    expect(fail.statusCode, fail.body).toBe(200);
    await expectFactsExact();
    const facts = await db.execute<{ order_id: number; delivered: boolean; outcome: string | null }>(
      sql`select order_id, delivered_at is not null as delivered, outcome from delivery_order_facts
           where delivery_id = ${s.deliveryId} order by order_id`,
    );
    // the failed order stays a row of the delivery, rated Failed (decision 0059)
    expect(facts.rows).toEqual(
      [a, b, c, d]
        .map((o) => ({ order_id: o!.orderId, delivered: o === a, outcome: o === b ? 'Failed' : null }))
        .sort((x, y) => x.order_id - y.order_id),
    );
    // a second scene: a loaded order cancelled by the manager leaves the truck
    const s2 = await crewScene(app, { manager, orderCount: 2 });
    const cancel = await app.inject({
      method: 'PUT',
      url: `/api/orders/${s2.orders[0]!.orderId}/status`,
      headers: manager.auth,
      payload: { status: 'Cancelled', reason: 'Customer asked' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await expectFactsExact();
    // the status change of the app's queries
    await setOrderStatus(db, c!.orderId, 'Delivered', new Date());
    await expectFactsExact();
  });

  it('follows bulk SQL: many rows in one statement, moved orders, changed dates and customers, a deleted delivery', async () => {
    const s = await crewScene(app, { manager, orderCount: 1 });
    const other = await crewScene(app, { manager, orderCount: 1, startInHours: 30 });
    const customer = await createUser(app, 'Customer');
    const more: number[] = [];
    for (let i = 0; i < 3; i++) more.push((await approvedOrder(app, s.store, manager, customer)).orderId);
    // three orders in one statement
    await db.execute(
      sql`insert into delivery_orders (delivery_id, order_id)
          select ${s.deliveryId}, unnest(${`{${more.join(',')}}`}::int[])`,
    );
    await expectFactsExact();
    // moved to the other delivery (one statement, two rows), then requested dates, a delivery
    // time and the customer changed in one statement
    await db.execute(
      sql`update delivery_orders set delivery_id = ${other.deliveryId}
           where delivery_id = ${s.deliveryId} and order_id in (${more[0]!}, ${more[1]!})`,
    );
    await expectFactsExact();
    await db.execute(
      sql`update orders set schedule_date = schedule_date + 1, delivered_at = now() - interval '1 hour',
                            customer_id = ${s.orders[0]!.customer.customerId}
           where order_id in (${more[0]!}, ${more[2]!})`,
    );
    await expectFactsExact();
    // an order taken off and loaded again, and a whole delivery deleted (its rows cascade)
    await db.execute(sql`delete from delivery_orders where order_id = ${more[2]!}`);
    await loadDirectly(app, other.deliveryId, [more[2]!]);
    await expectFactsExact();
    await db.execute(sql`delete from deliveries where delivery_id = ${s.deliveryId}`);
    await expectFactsExact();
    expect(
      (await db.execute(sql`select 1 from delivery_order_facts where delivery_id = ${s.deliveryId}`)).rows,
    ).toEqual([]);
  });

  it('stays exact when orders of one delivery are delivered and loaded at the same time', async () => {
    const s = await crewScene(app, { manager, orderCount: 6 });
    const customer = await createUser(app, 'Customer');
    const extra: number[] = [];
    for (let i = 0; i < 4; i++) extra.push((await approvedOrder(app, s.store, manager, customer)).orderId);
    await Promise.all([
      ...s.orders.map((o, i) =>
        db.transaction(async (tx) => {
          await setOrderStatus(tx, o.orderId, 'Delivered', new Date(Date.now() - i * 60_000));
        }),
      ),
      ...extra.map((orderId) =>
        db.execute(
          sql`insert into delivery_orders (delivery_id, order_id) values (${s.deliveryId}, ${orderId})`,
        ),
      ),
    ]);
    await expectFactsExact();
  });

  it('is refilled by rebuild_delivery_order_facts()', async () => {
    await db.execute(sql`delete from delivery_order_facts where order_id % 2 = 0`);
    await db.execute(sql`update delivery_order_facts set delivered_at = null`);
    await db.execute(sql`select rebuild_delivery_order_facts()`);
    expect(await expectFactsExact()).toBeGreaterThan(10);
  });
});
