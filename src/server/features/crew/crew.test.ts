import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crewScene } from '#server/test/crew-factories';
import { createUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';

const { app } = await createTestApp();
const admin = await createUser(app, 'Admin');
const manager = await createUser(app, 'Manager');
const SIGNATURE = `data:image/png;base64,${Buffer.from('not really a png but base64').toString('base64')}`;

type Auth = { auth: { authorization: string } };
const start = (who: Auth, deliveryId: number) =>
  app.inject({ method: 'POST', url: `/api/deliveries/${deliveryId}/start`, headers: who.auth });
const confirm = (who: Auth, deliveryId: number, payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: `/api/deliveries/${deliveryId}/confirm-item`,
    headers: who.auth,
    payload,
  });
const items = (who: Auth, deliveryId: number) =>
  app.inject({ url: `/api/deliveries/${deliveryId}/order-items`, headers: who.auth });
const statusOf = async (table: 'orders' | 'deliveries', id: number) => {
  const key = table === 'orders' ? sql`order_id` : sql`delivery_id`;
  const res = await app.ctx.db.execute<{ status: string }>(
    sql`select status from ${sql.raw(table)} where ${key} = ${id}`,
  );
  return res.rows[0]?.status;
};

describe('GET /api/deliveries/assistant/{employee_id}/assignments', () => {
  it("lists the employee's deliveries with route, truck, crew mate and counts; others' are 403", async () => {
    const s = await crewScene(app, { manager });
    const res = await app.inject({
      url: `/api/deliveries/assistant/${s.assistant.employeeId}/assignments`,
      headers: s.assistant.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [a] = res.json();
    expect(a).toMatchObject({
      delivery_id: s.deliveryId,
      status: 'Scheduled',
      order_count: 2,
      item_count: 4,
      confirmed_count: 0,
      crew_role: 'Assistant',
      route_towns: [s.store.town],
      end_location: s.store.town,
    });
    expect(a.crew_mate_name).toBe(a.driver_name);
    expect(a.plate_number).toMatch(/^TR-/);

    const other = await app.inject({
      url: `/api/deliveries/assistant/${s.driver.employeeId}/assignments`,
      headers: s.assistant.auth,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().detail).toBe('You can only see your own assignments');
    // managers and admins read anyone's
    for (const staff of [manager, admin]) {
      const r = await app.inject({
        url: `/api/deliveries/assistant/${s.driver.employeeId}/assignments`,
        headers: staff.auth,
      });
      expect(r.statusCode).toBe(200);
      expect(r.json()[0]).toMatchObject({ delivery_id: s.deliveryId, crew_role: 'Driver' });
    }
    // a customer has no crew portal
    const customer = s.orders[0]!.customer;
    expect(
      (await app.inject({ url: `/api/deliveries/assistant/1/assignments`, headers: customer.auth }))
        .statusCode,
    ).toBe(403);
  });
});

describe('POST /api/deliveries/{id}/start', () => {
  it('only the crew starts it; the delivery and its orders go In Transit with history by the crew member', async () => {
    const s = await crewScene(app, { manager });
    const stranger = await createUser(app, 'Driver');
    const refused = await start(stranger, s.deliveryId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(`Delivery ${s.deliveryId} is not one of your assignments`);
    expect((await start(manager, s.deliveryId)).statusCode).toBe(403);

    const res = await start(s.driver, s.deliveryId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ delivery_id: s.deliveryId, status: 'In Transit' });
    for (const o of s.orders) expect(await statusOf('orders', o.orderId)).toBe('In Transit');
    const history = await app.ctx.db.execute<{ changed_by: number; reason: string }>(
      sql`select changed_by, reason from order_status_history where order_id = ${s.orders[0]!.orderId} and to_status = 'In Transit'`,
    );
    expect(history.rows).toEqual([
      { changed_by: s.driver.userId, reason: `Delivery ${s.deliveryId} started` },
    ]);

    const again = await start(s.assistant, s.deliveryId);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(`Delivery #${s.deliveryId} is already In Transit`);
  });

  it('refuses a delivery without its whole crew, or too early', async () => {
    const s = await crewScene(app, { manager, startInHours: 30 });
    const early = await start(s.driver, s.deliveryId);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toMatch(
      new RegExp(`^Delivery #${s.deliveryId} is planned for .+ \\(Colombo time\\); it can start from `),
    );

    const t = await crewScene(app, { manager });
    await app.ctx.db.execute(
      sql`update deliveries set assistant_employee_id = null where delivery_id = ${t.deliveryId}`,
    );
    const res = await start(t.driver, t.deliveryId);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      `Delivery #${t.deliveryId} cannot start without its assistant: ask the manager to complete the crew`,
    );
  });
});

describe('POST /api/deliveries/{id}/confirm-item', () => {
  it('is refused outside In Transit and to anyone but the crew', async () => {
    const s = await crewScene(app, { manager });
    const o = s.orders[0]!;
    const early = await confirm(s.assistant, s.deliveryId, {
      order_id: o.orderId,
      product_id: o.productIds[0],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe(
      `Delivery ${s.deliveryId} is Scheduled: items can be confirmed only while it is In Transit (start it first)`,
    );
    await start(s.driver, s.deliveryId);
    const stranger = await createUser(app, 'Driver Assistant');
    const other = await confirm(stranger, s.deliveryId, { order_id: o.orderId, product_id: o.productIds[0] });
    expect(other.statusCode).toBe(403);
    expect(
      (await confirm(manager, s.deliveryId, { order_id: o.orderId, product_id: o.productIds[0] })).statusCode,
    ).toBe(403);
    const notOnIt = await confirm(s.assistant, s.deliveryId, { order_id: o.orderId, product_id: 999_999 });
    expect(notOnIt.statusCode).toBe(422);
    expect(notOnIt.json().detail).toBe(`product_id: order ${o.orderId} has no product 999999`);
    const bad = await confirm(s.assistant, s.deliveryId, {
      order_id: o.orderId,
      product_id: o.productIds[0],
      signature: 'data:image/jpeg;base64,AAAA',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toContain('signature');
    const big = await confirm(s.assistant, s.deliveryId, {
      order_id: o.orderId,
      product_id: o.productIds[0],
      signature: `data:image/png;base64,${'A'.repeat(210_000)}`,
    });
    expect(big.statusCode).toBe(422);
    expect(big.json().detail).toContain('must be a PNG of at most 200 KB');
  });

  it('makes the order Delivered at its last item and the delivery at its last order, with the proof shown to the customer', async () => {
    const s = await crewScene(app, { manager });
    await start(s.driver, s.deliveryId);
    const [first, second] = s.orders;
    const one = await confirm(s.assistant, s.deliveryId, {
      order_id: first!.orderId,
      product_id: first!.productIds[0],
      recipient_name: 'Nimal Perera',
      signature: SIGNATURE,
      note: 'Left at the back door',
      confirmation_id: randomUUID(),
    });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json()).toMatchObject({
      recipient_name: 'Nimal Perera',
      has_signature: true,
      note: 'Left at the back door',
      order_status: 'In Transit',
      delivery_status: 'In Transit',
      replayed: false,
    });
    expect(one.json().confirmed_by).toMatch(/^Test /);
    expect(await statusOf('orders', first!.orderId)).toBe('In Transit');

    const last = await confirm(s.assistant, s.deliveryId, {
      order_id: first!.orderId,
      product_id: first!.productIds[1],
      recipient_name: 'Nimal Perera',
      signature: SIGNATURE,
    });
    expect(last.json()).toMatchObject({ order_status: 'Delivered', delivery_status: 'In Transit' });
    const delivered = await app.ctx.db.execute<{ delivered_at: string | null }>(
      sql`select delivered_at::text from orders where order_id = ${first!.orderId}`,
    );
    expect(delivered.rows[0]!.delivered_at).not.toBeNull();

    // the crew's list shows who received each item, also after a reload
    const list = (await items(s.driver, s.deliveryId)).json() as Array<Record<string, unknown>>;
    expect(list).toHaveLength(4);
    expect(list.filter((i) => i.confirmed)).toHaveLength(2);
    expect(list.find((i) => i.order_id === first!.orderId)).toMatchObject({
      recipient_name: 'Nimal Perera',
      order_status: 'Delivered',
    });
    expect(list[0]).toHaveProperty('delivery_address');
    expect(list[0]).toHaveProperty('contact_number');

    // the customer's order detail shows who received it and the signature
    const detail = await app.inject({ url: `/api/orders/${first!.orderId}`, headers: first!.customer.auth });
    expect(detail.json()).toMatchObject({
      status: 'Delivered',
      receipts: [{ recipient_name: 'Nimal Perera', signature: SIGNATURE }],
    });
    expect(detail.json().receipts[0].products).toHaveLength(2);

    for (const productId of second!.productIds) {
      await confirm(s.driver, s.deliveryId, {
        order_id: second!.orderId,
        product_id: productId,
        recipient_name: 'Kamala',
      });
    }
    expect(await statusOf('orders', second!.orderId)).toBe('Delivered');
    expect(await statusOf('deliveries', s.deliveryId)).toBe('Delivered');
    // a retry after the delivery finished still answers the stored confirmation
    const retry = await confirm(s.assistant, s.deliveryId, {
      order_id: first!.orderId,
      product_id: first!.productIds[0],
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({
      replayed: true,
      delivery_status: 'Delivered',
      recipient_name: 'Nimal Perera',
    });
    // and a new confirmation is refused
    const completed = await app.ctx.db.execute<{ completed_at: string | null }>(
      sql`select completed_at::text from deliveries where delivery_id = ${s.deliveryId}`,
    );
    expect(completed.rows[0]!.completed_at).not.toBeNull();
  });

  it('is idempotent: the same item, the same confirmation_id, and 20 parallel identical requests write one row', async () => {
    const s = await crewScene(app, { manager });
    await start(s.driver, s.deliveryId);
    const o = s.orders[0]!;
    const id = randomUUID();
    const body = {
      order_id: o.orderId,
      product_id: o.productIds[0],
      recipient_name: 'Sunil',
      confirmation_id: id,
    };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => confirm(s.assistant, s.deliveryId, body)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(18).fill(200), 201].sort());
    expect(new Set(results.map((r) => r.json().confirmation_id))).toEqual(new Set([id]));
    const rows = await app.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from item_confirmations where delivery_id = ${s.deliveryId}`,
    );
    expect(rows.rows[0]!.n).toBe(1);

    // the same item under another confirmation_id: the stored one, unchanged
    const sameItem = await confirm(s.driver, s.deliveryId, {
      ...body,
      recipient_name: 'Other',
      confirmation_id: randomUUID(),
    });
    expect(sameItem.statusCode).toBe(200);
    expect(sameItem.json()).toMatchObject({ confirmation_id: id, recipient_name: 'Sunil', replayed: true });
    // the same confirmation_id for another item: refused, nothing written
    const reused = await confirm(s.assistant, s.deliveryId, { ...body, product_id: o.productIds[1] });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().detail).toContain(`confirmation_id ${id} was already used`);
    const after = await app.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from item_confirmations where delivery_id = ${s.deliveryId}`,
    );
    expect(after.rows[0]!.n).toBe(1);
  });
});

describe('POST /api/deliveries/{id}/orders/{order_id}/fail', () => {
  it('returns the order to Scheduled off the truck, records why, and alerts the manager', async () => {
    const s = await crewScene(app, { manager });
    await start(s.driver, s.deliveryId);
    const [o, rest] = s.orders;
    const res = await app.inject({
      method: 'POST',
      url: `/api/deliveries/${s.deliveryId}/orders/${o!.orderId}/fail`,
      headers: s.assistant.auth,
      payload: { reason: 'Customer absent', note: 'Shop closed' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      delivery_id: s.deliveryId,
      order_id: o!.orderId,
      reason: 'Customer absent',
      order_status: 'Scheduled',
      delivery_status: 'In Transit',
      delivered_items: 0,
      failed_items: 2,
    });
    expect(await statusOf('orders', o!.orderId)).toBe('Scheduled');
    const onTruck = await app.ctx.db.execute(
      sql`select 1 from delivery_orders where order_id = ${o!.orderId}`,
    );
    expect(onTruck.rows).toHaveLength(0);
    const failure = await app.ctx.db.execute<{ reason: string; failed_by: number }>(
      sql`select reason, failed_by from delivery_failures where order_id = ${o!.orderId}`,
    );
    expect(failure.rows).toEqual([{ reason: 'Customer absent', failed_by: s.assistant.userId }]);
    const alerts = (await app.inject({ url: '/api/notifications', headers: manager.auth })).json();
    expect(alerts[0]).toMatchObject({ type: 'Alert', order_id: o!.orderId, read: false });
    expect(alerts[0].message).toContain(`Failed delivery: order #${o!.orderId}`);
    const customerNotes = (await app.inject({ url: '/api/notifications', headers: o!.customer.auth })).json();
    expect(customerNotes[0].message).toContain(
      `We could not deliver order #${o!.orderId} today: customer absent (Shop closed)`,
    );

    // the items of a failed order can no longer be confirmed; the rest of the run goes on
    const late = await confirm(s.assistant, s.deliveryId, {
      order_id: o!.orderId,
      product_id: o!.productIds[0],
    });
    expect(late.statusCode).toBe(422);
    for (const productId of rest!.productIds) {
      await confirm(s.assistant, s.deliveryId, { order_id: rest!.orderId, product_id: productId });
    }
    expect(await statusOf('deliveries', s.deliveryId)).toBe('Delivered');
    // the failed order can go on another delivery: the manager may load it again
    const bad = await app.inject({
      method: 'POST',
      url: `/api/deliveries/${s.deliveryId}/orders/${rest!.orderId}/fail`,
      headers: s.assistant.auth,
      payload: { reason: 'Gone fishing' },
    });
    expect(bad.statusCode).toBe(422);
  });
});
