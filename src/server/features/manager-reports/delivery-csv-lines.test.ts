import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { approvedOrder, crewScene } from '#server/test/crew-factories';
import { expectCsvLinesExact, previousCsv } from '#server/test/delivery-performance-expected';
import { createUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { createStore } from '#server/test/scheduling-factories';
import { setOrderStatus } from '../orders/orders.queries';

// delivery_csv_lines (migration 0025, decision 0053): the CSV rows of each delivery whose orders
// are all delivered, stored; kept by triggers in the writer's transaction. After every kind of
// write that changes a part of a row it must hold exactly what the CSV writer writes, and the
// download must stay byte for byte the previous computation at any time (the last test moves
// the app's clock).
const t = await createTestApp();
const { app } = t;
const db = app.ctx.db;
const manager = await createUser(app, 'Manager');

const stored = async (deliveryId: number) =>
  (
    await db.execute<{ lines: string }>(
      sql`select lines from delivery_csv_lines where delivery_id = ${deliveryId}`,
    )
  ).rows[0]?.lines;

/** Every order of the scene delivered, an hour apart, the last one late. */
async function deliverAll(orders: { orderId: number }[]) {
  for (const [i, o] of orders.entries())
    await db.execute(
      sql`update orders set status = 'Delivered', delivered_at = schedule_date + interval '20 hours' + ${`${i} hours`}::interval
           where order_id = ${o.orderId}`,
    );
}

describe('delivery_csv_lines', () => {
  it('holds a delivery once its last order is delivered and follows every write of a part of its rows', async () => {
    const s = await crewScene(app, { manager, orderCount: 3 });
    const [a, b, c] = s.orders;
    expect(await stored(s.deliveryId)).toBeUndefined();
    // delivered one by one: stored only with the last
    await setOrderStatus(db, a!.orderId, 'Delivered', new Date());
    expect(await stored(s.deliveryId)).toBeUndefined();
    await expectCsvLinesExact(db);
    await deliverAll(s.orders);
    expect(await stored(s.deliveryId)).toContain(`,${c!.orderId},`);
    await expectCsvLinesExact(db);
    // the delivery's status and route
    await db.execute(sql`update deliveries set status = 'Delivered' where delivery_id = ${s.deliveryId}`);
    expect(await stored(s.deliveryId)).toContain(',Delivered,');
    await expectCsvLinesExact(db);
    const elsewhere = await createStore(app);
    await db.execute(sql`update routes set name = ${'Coast, "south"'} where route_id = ${elsewhere.routeId}`);
    await db.execute(
      sql`update deliveries set route_id = ${elsewhere.routeId} where delivery_id = ${s.deliveryId}`,
    );
    expect(await stored(s.deliveryId)).toContain(',"Coast, ""south""",');
    await expectCsvLinesExact(db);
    // the route's name, a customer's name (quoted, a formula)
    await db.execute(sql`update routes set name = ${'=Hill +route'} where route_id = ${elsewhere.routeId}`);
    expect(await stored(s.deliveryId)).toContain(",'=Hill +route,");
    await db.execute(
      sql`update customers set name = ${'Quote "Q", Co'} where customer_id = ${b!.customer.customerId}`,
    );
    expect(await stored(s.deliveryId)).toContain(',"Quote ""Q"", Co",');
    await expectCsvLinesExact(db);
    // the facts: a requested day, a delivery time (on time, late), the customer of an order
    await db.execute(sql`update orders set schedule_date = schedule_date + 2 where order_id = ${a!.orderId}`);
    await db.execute(
      sql`update orders set delivered_at = delivered_at + interval '3 days 1 minute' where order_id = ${c!.orderId}`,
    );
    await db.execute(
      sql`update orders set customer_id = ${a!.customer.customerId} where order_id = ${b!.orderId}`,
    );
    await expectCsvLinesExact(db);
    // an order out again (its delivery time cleared): the delivery is rated against now again
    await db.execute(sql`update orders set delivered_at = null where order_id = ${b!.orderId}`);
    expect(await stored(s.deliveryId)).toBeUndefined();
    await expectCsvLinesExact(db);
    await deliverAll([b!]);
    expect(await stored(s.deliveryId)).toBeDefined();
    // loaded: an order still out on it; moved away again; unloaded; the delivery deleted
    const customer = await createUser(app, 'Customer');
    const extra = (await approvedOrder(app, s.store, manager, customer)).orderId;
    await db.execute(
      sql`insert into delivery_orders (delivery_id, order_id) values (${s.deliveryId}, ${extra})`,
    );
    expect(await stored(s.deliveryId)).toBeUndefined();
    const other = await crewScene(app, { manager, orderCount: 1 });
    await deliverAll(other.orders);
    expect(await stored(other.deliveryId)).toBeDefined();
    await db.execute(
      sql`update delivery_orders set delivery_id = ${other.deliveryId} where order_id = ${extra}`,
    );
    expect(await stored(s.deliveryId)).toBeDefined();
    expect(await stored(other.deliveryId)).toBeUndefined();
    await expectCsvLinesExact(db);
    await db.execute(sql`delete from delivery_orders where order_id = ${extra}`);
    expect(await stored(other.deliveryId)).toBeDefined();
    await db.execute(
      sql`delete from delivery_orders where delivery_id = ${other.deliveryId} and order_id = ${other.orders[0]!.orderId}`,
    );
    expect(await stored(other.deliveryId)).toBeUndefined(); // no orders: no rows
    await db.execute(sql`delete from deliveries where delivery_id = ${s.deliveryId}`);
    expect(await stored(s.deliveryId)).toBeUndefined();
    await expectCsvLinesExact(db);
  });

  it('follows writes of many deliveries in one statement: a route renamed, customers renamed, orders delivered', async () => {
    const scenes = [];
    for (let i = 0; i < 3; i++) scenes.push(await crewScene(app, { manager, orderCount: 2 }));
    for (const s of scenes) await deliverAll(s.orders);
    // two scenes on one route
    await db.execute(
      sql`update deliveries set route_id = ${scenes[0]!.store.routeId} where delivery_id = ${scenes[1]!.deliveryId}`,
    );
    await db.execute(
      sql`update routes set name = ${'Line\r\nbreak'} where route_id = ${scenes[0]!.store.routeId}`,
    );
    expect(await stored(scenes[1]!.deliveryId)).toContain(',"Line\r\nbreak",');
    const customers = scenes.flatMap((s) => s.orders.map((o) => sql`${o.customer.customerId}`));
    await db.execute(
      sql`update customers set name = name || ${' @, Ltd'} where customer_id in (${sql.join(customers, sql`, `)})`,
    );
    await db.execute(
      sql`update orders set delivered_at = delivered_at - interval '1 day'
           where order_id in (${sql.join(
             scenes.map((s) => s.orders[0]!.orderId),
             sql`, `,
           )})`,
    );
    expect(await expectCsvLinesExact(db)).toBeGreaterThanOrEqual(3);
  });

  it('stays exact when the orders of one delivery are delivered and its names change at the same time', async () => {
    const s = await crewScene(app, { manager, orderCount: 6 });
    await Promise.all([
      ...s.orders.map((o, i) =>
        db.transaction(async (tx) => {
          await setOrderStatus(tx, o.orderId, 'Delivered', new Date(Date.now() - i * 60_000));
        }),
      ),
      db.execute(sql`update routes set name = ${'Renamed, route'} where route_id = ${s.store.routeId}`),
      db.execute(
        sql`update customers set name = ${'"Renamed"'} where customer_id = ${s.orders[3]!.customer.customerId}`,
      ),
    ]);
    expect(await stored(s.deliveryId)).toContain('"Renamed, route"');
    expect(await expectCsvLinesExact(db)).toBeGreaterThan(0);
  });

  it('is written by one writer of a delivery at a time: the later one reads what the earlier committed', async () => {
    const s = await crewScene(app, { manager, orderCount: 2 });
    const [a, b] = s.orders;
    const deliver = (orderId: number, daysAgo: number) =>
      sql`update orders set delivered_at = now() - ${`${daysAgo} days`}::interval where order_id = ${orderId}`;
    // the first writer delivers one order and holds its transaction open; the second delivers the
    // other meanwhile (on PostgreSQL it waits for the first: without that wait each would write
    // the delivery's text seeing the other order still out, and none would be stored)
    let hold!: () => void;
    const held = new Promise<void>((r) => {
      hold = r;
    });
    let started!: () => void;
    const first = new Promise<void>((r) => {
      started = r;
    });
    const one = db.transaction(async (tx) => {
      await tx.execute(deliver(a!.orderId, 3));
      started();
      await held;
    });
    await first;
    const two = db.transaction(async (tx) => {
      await tx.execute(deliver(b!.orderId, 5));
    });
    await new Promise((r) => setTimeout(r, 200));
    hold();
    await Promise.all([one, two]);
    expect(await stored(s.deliveryId)).toContain(`,${b!.orderId},`);
    await expectCsvLinesExact(db);
  });

  it('is written again only in READ COMMITTED transactions', async () => {
    const s = await crewScene(app, { manager, orderCount: 1 });
    await expect(
      db.transaction(
        async (tx) => {
          await setOrderStatus(tx, s.orders[0]!.orderId, 'Delivered', new Date());
        },
        { isolationLevel: 'repeatable read' },
      ),
    ).rejects.toThrow();
    expect(await stored(s.deliveryId)).toBeUndefined();
    await expectCsvLinesExact(db);
  });
  it('is copied by the download; the deliveries with an order out are rated at the time of the download', async () => {
    const s = await crewScene(app, { manager, orderCount: 2 });
    const out = await crewScene(app, { manager, orderCount: 2 });
    await deliverAll(s.orders);
    await deliverAll(out.orders.slice(0, 1));
    const day = (
      await db.execute<{ from: string }>(
        sql`select to_char((delivery_date_time at time zone 'Asia/Colombo')::date, 'YYYY-MM-DD') as from
              from deliveries where delivery_id = ${s.deliveryId}`,
      )
    ).rows[0]!.from;
    const span = {
      from: new Date(`${day}T00:00:00+05:30`),
      before: new Date(new Date(`${day}T00:00:00+05:30`).getTime() + 86_400_000),
    };
    // signed in at the time of the download
    let viewer = manager;
    const download = async () =>
      (
        await app.inject({
          url: `/api/report/delivery-performance?from=${day}&to=${day}&format=csv`,
          headers: viewer.auth,
        })
      ).body;
    // before the requested day ends (Pending), after it (Late by a growing delay)
    const scheduled = (
      await db.execute<{ late: string }>(
        sql`select ((schedule_date + 1)::timestamp - interval '330 minutes')::text || 'Z' as late
              from orders where order_id = ${out.orders[1]!.orderId}`,
      )
    ).rows[0]!.late;
    const late = new Date(scheduled.replace(' ', 'T')).getTime();
    const bodies = new Set<string>();
    for (const at of [late - 60_000, late, late + 17 * 60_000 + 123, late + 49 * 3_600_000 + 999]) {
      t.setNow(new Date(at));
      viewer = await createUser(app, 'Manager');
      const body = await download();
      expect(body).toBe(await previousCsv(db, span, new Date(at)));
      bodies.add(body);
    }
    expect(bodies.size).toBe(4);
    // the stored text is what the download sends for a delivery whose orders are all delivered
    const kept = (await stored(s.deliveryId))!;
    expect(await download()).toContain(`${kept}\r\n`);
    await db.execute(
      sql`update delivery_csv_lines set lines = ${'stored text'} where delivery_id = ${s.deliveryId}`,
    );
    expect(await download()).toContain('\r\nstored text\r\n');
    expect(await stored(out.deliveryId)).toBeUndefined();
    // rebuild_delivery_csv_lines() writes every stored text again
    await db.execute(sql`delete from delivery_csv_lines where delivery_id <> ${s.deliveryId}`);
    await db.execute(sql`select rebuild_delivery_csv_lines()`);
    expect(await stored(s.deliveryId)).toBe(kept);
    expect(await expectCsvLinesExact(db)).toBeGreaterThan(0);
  });
});
