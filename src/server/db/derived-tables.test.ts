import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { approvedOrder, crewScene } from '#server/test/crew-factories';
import { cancelAs, changeAs } from '#server/test/customer-orders-helpers';
import { derivedTablesAgainstRebuilds } from '#server/test/derived-expected';
import { createProduct, createUser, daysFromNow, placeOrderAs } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { createTruck, HOUR, insertDelivery } from '#server/test/scheduling-factories';
import { withActor } from './client';
import { DERIVED_TABLES, TRIGGER_WRITTEN_NOT_DERIVED } from './derived-tables';

// Derived data in one room (docs/decisions/0078): every table the triggers keep is listed in
// derived-tables.ts, and after a mixed sequence of writes through the app each one equals what
// its rebuild computes from the source tables.
const { app } = await createTestApp();
const db = app.ctx.db;

/** Tables written by the writes of a trigger's function (and of the functions it calls), not its own. */
async function triggerWrittenTables(): Promise<Map<string, string[]>> {
  const functions = new Map(
    (
      await db.execute<{ name: string; body: string }>(
        sql`select p.proname as name, p.prosrc as body from pg_proc p
             where p.pronamespace = current_schema()::regnamespace`,
      )
    ).rows.map((f) => [f.name, f.body.toLowerCase()]),
  );
  const tables = new Set(
    (
      await db.execute<{ name: string }>(
        sql`select relname as name from pg_class
             where relkind in ('r', 'p') and relnamespace = current_schema()::regnamespace`,
      )
    ).rows.map((t) => t.name),
  );
  const triggers = (
    await db.execute<{ tab: string; fn: string }>(
      sql`select c.relname as tab, p.proname as fn
            from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
           where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace`,
    )
  ).rows;
  const written = new Map<string, string[]>();
  for (const trigger of triggers) {
    const seen = new Set([trigger.fn]);
    const queue = [trigger.fn];
    while (queue.length > 0) {
      const body = functions.get(queue.pop()!) ?? '';
      for (const m of body.matchAll(/\b([a-z_][a-z0-9_]*)\s*\(/g))
        if (functions.has(m[1]!) && !seen.has(m[1]!)) {
          seen.add(m[1]!);
          queue.push(m[1]!);
        }
      for (const m of body.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+([a-z_][a-z0-9_]*)/g)) {
        const table = m[1]!;
        if (tables.has(table) && table !== trigger.tab)
          written.set(table, [...(written.get(table) ?? []), `${trigger.tab}: ${trigger.fn}`]);
      }
    }
  }
  return written;
}

describe('the registry of trigger-kept tables (src/server/db/derived-tables.ts)', () => {
  it('lists every table a trigger writes besides its own, and names only tables, columns and rebuilds that exist', async () => {
    const listed = new Set([
      ...DERIVED_TABLES.flatMap((t) => [t.table, ...(t.companions ?? [])]),
      ...Object.keys(TRIGGER_WRITTEN_NOT_DERIVED),
    ]);
    const written = await triggerWrittenTables();
    const missing = [...written].filter(([table]) => !listed.has(table));
    expect(missing, 'trigger-kept tables missing from DERIVED_TABLES').toEqual([]);
    // the check sees the kept tables (a broken query would find nothing and pass the line above)
    expect([...written.keys()]).toEqual(
      expect.arrayContaining(['order_count_deltas', 'train_trips', 'audit_log']),
    );

    for (const entry of DERIVED_TABLES) {
      for (const table of [entry.table, ...(entry.companions ?? [])]) {
        const found = await db.execute<{ t: string | null }>(sql`select to_regclass(${table})::text as t`);
        expect(found.rows[0]!.t, `${table} of the registry exists`).toBe(table);
      }
      const columns = (
        await db.execute<{ name: string }>(
          sql`select attname as name from pg_attribute
               where attrelid = to_regclass(${entry.table}) and attnum > 0 and not attisdropped`,
        )
      ).rows.map((c) => c.name);
      for (const column of entry.columns ?? []) expect(columns, `${entry.table}.${column}`).toContain(column);
      const rebuild = await db.execute<{ f: string | null }>(
        sql`select to_regproc(${entry.rebuild})::text as f`,
      );
      expect(rebuild.rows[0]!.f, `${entry.rebuild}() exists`).toBe(entry.rebuild);
    }
  });

  it('after a mixed sequence of writes through the app, every derived table equals its rebuild', async () => {
    type Auth = { auth: { authorization: string } };
    const call = async (who: Auth, method: 'POST' | 'PUT', url: string, payload?: object) => {
      const res = await app.inject({ method, url, headers: who.auth, payload });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res;
    };
    const admin = await createUser(app, 'Admin');
    const warehouse = await createUser(app, 'Warehouse Manager');

    // a run with three approved orders on its truck (placed, allocated to a train, loaded)
    const s = await crewScene(app, { orderCount: 3 });
    const [delivered, partly, failed] = s.orders as [
      (typeof s.orders)[0],
      (typeof s.orders)[0],
      (typeof s.orders)[0],
    ];
    // another customer's order approved onto the same train, waiting for the store
    const customer = await createUser(app, 'Customer');
    const approved = await approvedOrder(app, s.store, s.manager, customer);
    await call(s.driver, 'POST', `/api/deliveries/${s.deliveryId}/start`);
    for (const productId of delivered.productIds)
      await call(s.assistant, 'POST', `/api/deliveries/${s.deliveryId}/confirm-item`, {
        order_id: delivered.orderId,
        product_id: productId,
        recipient_name: 'Kamala',
      });
    await call(s.assistant, 'POST', `/api/deliveries/${s.deliveryId}/confirm-item`, {
      order_id: partly.orderId,
      product_id: partly.productIds[0],
    });
    await call(s.assistant, 'POST', `/api/deliveries/${s.deliveryId}/fail-item`, {
      order_id: partly.orderId,
      product_id: partly.productIds[1],
      reason: 'Damaged',
    });
    await call(s.assistant, 'POST', `/api/deliveries/${s.deliveryId}/orders/${failed.orderId}/fail`, {
      reason: 'Customer absent',
    });

    // the trains came in hours ago (a trip's arrival moves): the failed goods wait at the store;
    // the partly delivered order's last line goes back to Kandy
    await db.execute(
      sql`update train_trips set departure_date_time = now() - interval '10 hours', arrival_date_time = now() - interval '6 hours'
           where train_trip_id in (select train_trip_id from train_allocations where order_id = ${partly.orderId})`,
    );
    await call(s.manager, 'POST', `/api/orders/${partly.orderId}/return-to-kandy`, { note: 'Damaged' });

    // the failed order onto a second run, off it, onto it again, then moved to a third run
    const runs: number[] = [];
    for (let i = 0; i < 2; i++) {
      const truck = await createTruck(app, s.store.storeId, { capacity: 100 });
      const driver = await createUser(app, 'Driver');
      const assistant = await createUser(app, 'Driver Assistant');
      runs.push(
        await insertDelivery(app, {
          truckId: truck.truckId,
          routeId: s.store.routeId,
          start: new Date(Date.now() + (2 + 5 * i) * HOUR),
          hours: 4,
          driverId: driver.employeeId,
          assistantId: assistant.employeeId,
        }),
      );
    }
    const load = (deliveryId: number, orderIds: number[]) =>
      call(s.manager, 'PUT', `/api/deliveries/${deliveryId}/orders`, { order_ids: orderIds });
    await load(runs[0]!, [failed.orderId]);
    await load(runs[0]!, []);
    await load(runs[0]!, [failed.orderId]);
    await withActor(db, s.manager.userId, (tx) =>
      tx.execute(
        sql`update delivery_orders set delivery_id = ${runs[1]!} where order_id = ${failed.orderId}`,
      ),
    );

    // a customer's pending orders: placed, changed (lines added, raised, dropped; another day),
    // one cancelled
    const [p1, p2, p3] = [
      await createProduct(app, { units: 500, spacePerUnit: 0.5 }),
      await createProduct(app, { units: 500, spacePerUnit: 0.25 }),
      await createProduct(app, { units: 500, spacePerUnit: 1 }),
    ];
    const place = async (items: { productID: number; quantity: number }[]) => {
      const res = await placeOrderAs(app, customer, items);
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { order_id: number }).order_id;
    };
    const changed = await place([
      { productID: p1.productId, quantity: 2 },
      { productID: p2.productId, quantity: 3 },
    ]);
    const cancelled = await place([{ productID: p3.productId, quantity: 4 }]);
    await place([{ productID: p2.productId, quantity: 1 }]);
    const changeRes = await changeAs(app, customer, changed, {
      scheduleDate: daysFromNow(12),
      items: [
        { productID: p2.productId, quantity: 5 },
        { productID: p3.productId, quantity: 1 },
      ],
    });
    expect(changeRes.statusCode, changeRes.body).toBe(200);
    const cancelRes = await cancelAs(app, customer, cancelled, { reason: 'Changed my mind' });
    expect(cancelRes.statusCode, cancelRes.body).toBe(200);

    // the manager cancels the approved order: its train booking and its store lines go
    await call(s.manager, 'PUT', `/api/orders/${approved.orderId}/status`, {
      status: 'Cancelled',
      reason: 'Customer asked',
    });

    // the warehouse: a product renamed with a new space per unit, a receipt
    await call(warehouse, 'PUT', `/api/products/${p2.productId}/details`, {
      name: `Renamed ${p2.productId} Biscuits`,
      category: 'Beverages',
      unit_price: 4.1,
      space_per_unit: 0.4,
      reorder_point: 10,
    });
    await call(warehouse, 'POST', `/api/products/${p1.productId}/receipts`, { units: 25 });

    // names shown in the delivery CSV change
    await withActor(db, admin.userId, async (tx) => {
      await tx.execute(
        sql`update customers set name = 'Perera, "K" & Sons' where customer_id = ${delivered.customer.customerId}`,
      );
      await tx.execute(sql`update routes set name = 'Route 9, Kandy' where route_id = ${s.store.routeId}`);
    });

    // the support inbox: asked, answered, asked again
    const asked = await call(customer, 'POST', '/api/support/requests', {
      subject: 'Where is my order?',
      message: 'It has not arrived yet.',
    });
    const requestId = (asked.json() as { request_id: number }).request_id;
    await call(admin, 'POST', `/api/support/requests/${requestId}/messages`, { message: 'On its way.' });
    await call(customer, 'POST', `/api/support/requests/${requestId}/messages`, { message: 'Thanks!' });

    // each step left work for every entry's triggers
    const nonEmpty = await db.execute<Record<string, number>>(
      sql`select (select count(*) from delivery_failures)::int as failures,
                 (select count(*) from delivery_csv_lines)::int as csv,
                 (select count(*) from store_stock_lines)::int as store_stock,
                 (select count(*) from pending_order_lines)::int as pending,
                 (select count(*) from order_item_returns)::int as returns`,
    );
    for (const [name, n] of Object.entries(nonEmpty.rows[0]!)) expect(n, name).toBeGreaterThan(0);

    expect(await derivedTablesAgainstRebuilds(db, DERIVED_TABLES), 'kept content against its rebuild').toBe(
      '',
    );
    // about 40 requests and every rebuild: longer than one request's test
  }, 120_000);
});
