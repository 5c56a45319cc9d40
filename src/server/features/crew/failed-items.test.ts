import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crewScene } from '#server/test/crew-factories';
import { expectCsvLinesExact } from '#server/test/delivery-performance-expected';
import { createUser, daysFromNow } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';

// Failures at the door item by item (docs/decisions/0058): an item fails next to confirmed ones,
// the order is partly delivered (or failed) and goes back to Scheduled at the store, a run whose
// every order failed ends Failed.
const { app } = await createTestApp();
const db = app.ctx.db;
const admin = await createUser(app, 'Admin');
const manager = await createUser(app, 'Manager');

type Auth = { auth: { authorization: string } };
const post = (who: Auth, url: string, payload?: Record<string, unknown>) =>
  app.inject({ method: 'POST', url, headers: who.auth, payload });
const start = (who: Auth, deliveryId: number) => post(who, `/api/deliveries/${deliveryId}/start`);
const confirm = (who: Auth, deliveryId: number, orderId: number, productId: number) =>
  post(who, `/api/deliveries/${deliveryId}/confirm-item`, {
    order_id: orderId,
    product_id: productId,
    recipient_name: 'Kamala',
  });
const failItem = (who: Auth, deliveryId: number, payload: Record<string, unknown>) =>
  post(who, `/api/deliveries/${deliveryId}/fail-item`, payload);
const statusOf = async (table: 'orders' | 'deliveries', id: number) => {
  const key = table === 'orders' ? sql`order_id` : sql`delivery_id`;
  const res = await db.execute<{ status: string }>(
    sql`select status from ${sql.raw(table)} where ${key} = ${id}`,
  );
  return res.rows[0]?.status;
};

/** delivery_failures.open (the manager's alert, migration 0030) equals its plain derivation. */
async function expectOpenExact() {
  const res = await db.execute<{ failure_id: number; open: boolean; expected: boolean }>(
    sql`select f.failure_id, f.open,
          f.failure_id = (select m.failure_id from delivery_failures m where m.order_id = f.order_id
                           order by m.failed_at desc, m.failure_id desc limit 1)
          and o.status = 'Scheduled'
          and not exists (select 1 from delivery_orders x where x.order_id = f.order_id) as expected
        from delivery_failures f join orders o using (order_id) order by f.failure_id`,
  );
  for (const r of res.rows) expect(r.open, `failure ${r.failure_id}`).toBe(r.expected);
  await expectCsvLinesExact(db);
}

describe('POST /api/deliveries/{id}/fail-item', () => {
  it('fails one item next to a confirmed one: the order is partly delivered, back to Scheduled at the store, and everyone is told', async () => {
    const s = await crewScene(app, { manager, orderCount: 2 });
    const [o, rest] = s.orders;
    expect((await start(s.driver, s.deliveryId)).statusCode).toBe(200);
    const [kept, broken] = o!.productIds;
    expect((await confirm(s.assistant, s.deliveryId, o!.orderId, kept!)).statusCode).toBe(201);
    const res = await failItem(s.assistant, s.deliveryId, {
      order_id: o!.orderId,
      product_id: broken,
      reason: 'Damaged',
      note: 'Carton crushed',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      delivery_id: s.deliveryId,
      order_id: o!.orderId,
      product_id: broken,
      reason: 'Damaged',
      note: 'Carton crushed',
      order_status: 'Scheduled',
      delivery_status: 'In Transit',
      replayed: false,
    });
    expect(res.json().failed_by).toMatch(/^Test E/);
    // off the truck, the failure kept with what was handed over
    expect(
      (await db.execute(sql`select 1 from delivery_orders where order_id = ${o!.orderId}`)).rows,
    ).toHaveLength(0);
    const failure = await db.execute(
      sql`select reason, delivered_items, failed_items, open from delivery_failures where order_id = ${o!.orderId}`,
    );
    expect(failure.rows).toEqual([{ reason: null, delivered_items: 1, failed_items: 1, open: true }]);
    await expectOpenExact();

    // the crew still sees the stop, settled: one item received, one not delivered
    const items = (
      await app.inject({ url: `/api/deliveries/${s.deliveryId}/order-items`, headers: s.driver.auth })
    )
      .json()
      .filter((i: { order_id: number }) => i.order_id === o!.orderId);
    expect(items).toHaveLength(2);
    expect(items.find((i: { product_id: number }) => i.product_id === kept)).toMatchObject({
      confirmed: true,
      failed: false,
    });
    expect(items.find((i: { product_id: number }) => i.product_id === broken)).toMatchObject({
      confirmed: false,
      failed: true,
      failure_reason: 'Damaged',
      failure_note: 'Carton crushed',
    });

    // the customer: partly delivered, which item, what happens next
    const detail = (await app.inject({ url: `/api/orders/${o!.orderId}`, headers: o!.customer.auth })).json();
    expect(detail).toMatchObject({
      status: 'Scheduled',
      status_label: 'Partly delivered: 1 of 2 items',
      customer_stage: 'partly_delivered',
      next_step: `The item not delivered is back at the ${s.store.cityName} store: we will deliver it again.`,
      credit: 0,
    });
    expect(detail.items.map((i: { state: string }) => i.state)).toEqual(
      o!.productIds.map((p) => (p === kept ? 'delivered' : 'awaiting_redelivery')),
    );
    expect(detail.delivery_failures).toEqual([
      expect.objectContaining({
        delivery_id: s.deliveryId,
        reason: null,
        delivered_items: 1,
        failed_items: 1,
        items: [expect.objectContaining({ reason: 'Damaged', note: 'Carton crushed' })],
      }),
    ]);
    const list = (await app.inject({ url: '/api/orders', headers: o!.customer.auth })).json();
    expect(list[0]).toMatchObject({ order_id: o!.orderId, status_label: 'Partly delivered: 1 of 2 items' });
    const notes = (await app.inject({ url: '/api/notifications', headers: o!.customer.auth })).json();
    expect(notes[0].message).toMatch(
      new RegExp(
        `^We delivered 1 of 2 items of order #${o!.orderId}\\. Not delivered today: .+ x 2 \\(damaged: Carton crushed\\)\\. It is back at the ${s.store.cityName} store`,
      ),
    );

    // the manager: a notification, and an alert on the dashboard and the admin's list
    const managerNotes = (await app.inject({ url: '/api/notifications', headers: manager.auth })).json();
    expect(managerNotes[0].message).toContain(
      `Partly delivered: order #${o!.orderId} on delivery #${s.deliveryId}`,
    );
    const stats = (await app.inject({ url: '/api/dashboard/manager-stats', headers: manager.auth })).json();
    const alert = stats.alerts.find(
      (a: { type: string; ref_id: number }) => a.type === 'order_delivery_failed' && a.ref_id === o!.orderId,
    );
    expect(alert.message).toContain(`was partly delivered on delivery #${s.deliveryId}`);
    expect(alert.message).toContain(`1 item back at the ${s.store.cityName} store`);
    const adminAlerts = (
      await app.inject({ url: '/api/dashboard/admin-alerts', headers: admin.auth })
    ).json();
    expect(adminAlerts).toContainEqual(
      expect.objectContaining({ type: 'order_delivery_failed', ref_id: o!.orderId, severity: 'high' }),
    );

    // the rest of the run is delivered: the run ends Delivered, its failure visible in the report
    for (const productId of rest!.productIds)
      await confirm(s.assistant, s.deliveryId, rest!.orderId, productId);
    expect(await statusOf('deliveries', s.deliveryId)).toBe('Delivered');
    const report = (
      await app.inject({
        url: `/api/report/delivery-performance?from=${daysFromNow(-1)}&to=${daysFromNow(1)}`,
        headers: manager.auth,
      })
    ).json();
    expect(report.find((r: { order_id: number }) => r.order_id === o!.orderId)).toMatchObject({
      delivery_id: s.deliveryId,
      status: 'Delivered',
      performance_status: 'Partly delivered',
      hours_delay: 0,
    });
    await expectOpenExact();
  });

  it('is idempotent: the same item, the same failure_id, and 20 parallel identical requests write one row', async () => {
    const s = await crewScene(app, { manager, orderCount: 1 });
    const o = s.orders[0]!;
    await start(s.driver, s.deliveryId);
    const failureId = randomUUID();
    const body = {
      order_id: o.orderId,
      product_id: o.productIds[0],
      reason: 'Missing',
      failure_id: failureId,
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => failItem(s.driver, s.deliveryId, body)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(19).fill(200), 201]);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.json().replayed)).toHaveLength(19);
    const rows = await db.execute(sql`select 1 from item_failures where order_id = ${o.orderId}`);
    expect(rows.rows).toHaveLength(1);
    // the same item again without an id: the stored failure
    const again = await failItem(s.assistant, s.deliveryId, {
      ...body,
      failure_id: undefined,
      reason: 'Damaged',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ failure_id: failureId, reason: 'Missing', replayed: true });
    // the same id for another item: refused
    const other = await failItem(s.assistant, s.deliveryId, { ...body, product_id: o.productIds[1] });
    expect(other.statusCode).toBe(409);
    expect(other.json().detail).toBe(
      `failure_id ${failureId} was already used for product ${o.productIds[0]} of order ${o.orderId} on delivery ${s.deliveryId}`,
    );
  });

  it('refuses what cannot be: a confirmed item failed, a failed item confirmed, outside In Transit, other people, bad reasons', async () => {
    const s = await crewScene(app, { manager, orderCount: 2 });
    const [o, p] = s.orders;
    const early = await failItem(s.driver, s.deliveryId, {
      order_id: o!.orderId,
      product_id: o!.productIds[0],
      reason: 'Missing',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe(
      `Delivery ${s.deliveryId} is Scheduled: items can be reported as not delivered only while it is In Transit (start it first)`,
    );
    await start(s.driver, s.deliveryId);
    await confirm(s.assistant, s.deliveryId, o!.orderId, o!.productIds[0]!);
    const confirmedThenFailed = await failItem(s.driver, s.deliveryId, {
      order_id: o!.orderId,
      product_id: o!.productIds[0],
      reason: 'Refused',
    });
    expect(confirmedThenFailed.statusCode).toBe(409);
    expect(confirmedThenFailed.json().detail).toMatch(
      new RegExp(
        `of order ${o!.orderId} was delivered on delivery ${s.deliveryId}: it cannot be reported as not delivered again$`,
      ),
    );
    await failItem(s.driver, s.deliveryId, {
      order_id: p!.orderId,
      product_id: p!.productIds[0],
      reason: 'Refused',
    });
    const failedThenConfirmed = await confirm(s.assistant, s.deliveryId, p!.orderId, p!.productIds[0]!);
    expect(failedThenConfirmed.statusCode).toBe(409);
    expect(failedThenConfirmed.json().detail).toMatch(
      /was reported as not delivered \(refused\) on this delivery: it cannot be confirmed now$/,
    );
    // the database refuses both too
    await expect(
      db.execute(
        sql`insert into item_confirmations (delivery_id, order_id, product_id, confirmed_at)
            values (${s.deliveryId}, ${p!.orderId}, ${p!.productIds[0]}, now())`,
      ),
    ).rejects.toThrow();
    const bad = await failItem(s.driver, s.deliveryId, {
      order_id: p!.orderId,
      product_id: p!.productIds[1],
      reason: 'Customer absent',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toContain('reason: must be one of: Damaged, Refused, Missing');
    const notHere = await failItem(s.driver, s.deliveryId, {
      order_id: 999_999,
      product_id: p!.productIds[1],
      reason: 'Missing',
    });
    expect(notHere.statusCode).toBe(422);
    const stranger = await createUser(app, 'Driver');
    const foreign = await failItem(stranger, s.deliveryId, {
      order_id: p!.orderId,
      product_id: p!.productIds[1],
      reason: 'Missing',
    });
    expect(foreign.statusCode).toBe(403);
    expect(
      (
        await failItem(manager, s.deliveryId, {
          order_id: p!.orderId,
          product_id: p!.productIds[1],
          reason: 'Missing',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('a stop failed after an item was handed over fails the rest: partly delivered, not refused', async () => {
    const s = await crewScene(app, { manager, orderCount: 1 });
    const o = s.orders[0]!;
    await start(s.driver, s.deliveryId);
    await confirm(s.assistant, s.deliveryId, o.orderId, o.productIds[0]!);
    const res = await post(s.assistant, `/api/deliveries/${s.deliveryId}/orders/${o.orderId}/fail`, {
      reason: 'Refused',
      note: 'Wrong size',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ order_status: 'Scheduled', delivered_items: 1, failed_items: 1 });
    const failed = await db.execute(
      sql`select reason, note from item_failures where order_id = ${o.orderId}`,
    );
    expect(failed.rows).toEqual([{ reason: 'Refused', note: 'Wrong size' }]);
    // one item was handed over: the run ends Delivered
    expect(await statusOf('deliveries', s.deliveryId)).toBe('Delivered');
    await expectOpenExact();
  });
});

describe('a run whose every order failed', () => {
  it('ends Failed, not Delivered: for the crew, the manager and the report', async () => {
    const s = await crewScene(app, { manager, orderCount: 2 });
    const [o, p] = s.orders;
    await start(s.driver, s.deliveryId);
    await post(s.assistant, `/api/deliveries/${s.deliveryId}/orders/${o!.orderId}/fail`, {
      reason: 'Address not found',
    });
    for (const productId of p!.productIds) {
      const r = await failItem(s.assistant, s.deliveryId, {
        order_id: p!.orderId,
        product_id: productId,
        reason: 'Refused',
      });
      expect(r.statusCode, r.body).toBe(201);
    }
    expect(await statusOf('deliveries', s.deliveryId)).toBe('Failed');
    const completed = await db.execute<{ completed: boolean }>(
      sql`select completed_at is not null as completed from deliveries where delivery_id = ${s.deliveryId}`,
    );
    expect(completed.rows[0]!.completed).toBe(true);
    const assignments = (
      await app.inject({
        url: `/api/deliveries/assistant/${s.driver.employeeId}/assignments`,
        headers: s.driver.auth,
      })
    ).json();
    expect(assignments[0]).toMatchObject({
      delivery_id: s.deliveryId,
      status: 'Failed',
      order_count: 2,
      item_count: 4,
      confirmed_count: 0,
      failed_count: 4,
    });
    const driverNotes = (await app.inject({ url: '/api/notifications', headers: s.driver.auth })).json();
    expect(driverNotes[0].message).toContain('has ended: no order could be delivered');
    // not an open run on the manager's board any more
    const open = (await app.inject({ url: '/api/deliveries/deliveries', headers: manager.auth })).json();
    expect(open.map((d: { delivery_id: number }) => d.delivery_id)).not.toContain(s.deliveryId);
    // both orders are rows of the run in the report, Failed
    const report = (
      await app.inject({
        url: `/api/report/delivery-performance?from=${daysFromNow(-1)}&to=${daysFromNow(1)}`,
        headers: manager.auth,
      })
    ).json();
    const rows = report.filter((r: { delivery_id: number }) => r.delivery_id === s.deliveryId);
    expect(
      rows.map((r: { performance_status: string; status: string }) => [r.performance_status, r.status]),
    ).toEqual([
      ['Failed', 'Failed'],
      ['Failed', 'Failed'],
    ]);
    const csv = await app.inject({
      url: `/api/report/delivery-performance?format=csv&from=${daysFromNow(-1)}&to=${daysFromNow(1)}`,
      headers: manager.auth,
    });
    expect(csv.body).toContain(`${s.deliveryId},${o!.orderId},`);
    expect(csv.body).toMatch(
      new RegExp(`${s.deliveryId},${o!.orderId},.*,Failed,\\d{4}-\\d{2}-\\d{2},.*,Failed,0`),
    );
    const summary = (
      await app.inject({
        url: `/api/report/delivery-performance-summary?from=${daysFromNow(-1)}&to=${daysFromNow(1)}`,
        headers: manager.auth,
      })
    ).json();
    expect(
      summary.find((r: { performance_status: string }) => r.performance_status === 'Failed').orders,
    ).toBeGreaterThanOrEqual(2);
    // the customer of the order that failed: "Delivery failed"
    const detail = (await app.inject({ url: `/api/orders/${o!.orderId}`, headers: o!.customer.auth })).json();
    expect(detail).toMatchObject({
      status: 'Scheduled',
      status_label: 'Delivery failed',
      customer_stage: 'delivery_failed',
    });
    await expectOpenExact();
  });
});
