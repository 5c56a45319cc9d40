import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withActor } from '#server/db/client';
import { createProduct, createUser, placeOrderAs } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { transitionOrder } from './order-transitions';

const { app } = await createTestApp();
const db = app.ctx.db;

async function newOrder() {
  const customer = await createUser(app, 'Customer');
  const product = await createProduct(app, { units: 10 });
  const res = await placeOrderAs(app, customer, [{ productID: product.productId, quantity: 1 }]);
  return { orderId: res.json().order_id as number, customer };
}

describe('transitionOrder', () => {
  it('moves along the life cycle and writes the history with actor and reason', async () => {
    const manager = await createUser(app, 'Manager');
    const { orderId } = await newOrder();
    const at = new Date();
    const from = await withActor(db, manager.userId, (tx) =>
      transitionOrder(tx, { orderId, to: 'Scheduled', actorUserId: manager.userId, reason: ' ok ', at }),
    );
    expect(from).toBe('Pending');
    const history = await db.execute<{
      from_status: string;
      to_status: string;
      changed_by: number;
      reason: string;
    }>(
      sql`select from_status, to_status, changed_by, reason from order_status_history
          where order_id = ${orderId} order by history_id`,
    );
    expect(history.rows.at(-1)).toEqual({
      from_status: 'Pending',
      to_status: 'Scheduled',
      changed_by: manager.userId,
      reason: 'ok',
    });
  });

  it('refuses an illegal move, a repeated one and an unknown order, and writes nothing', async () => {
    const { orderId } = await newOrder();
    const attempt = (to: 'Delivered' | 'Pending' | 'Scheduled', id = orderId) =>
      withActor(db, null, (tx) =>
        transitionOrder(tx, { orderId: id, to, actorUserId: null, at: new Date() }),
      );
    await expect(attempt('Delivered')).rejects.toMatchObject({
      statusCode: 409,
      detail: `Order ${orderId} cannot go from Pending to Delivered`,
    });
    await expect(attempt('Pending')).rejects.toMatchObject({ statusCode: 409, detail: /already Pending/ });
    await expect(attempt('Scheduled', 2_000_000_000)).rejects.toMatchObject({ statusCode: 404 });
    const rows = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from order_status_history where order_id = ${orderId}`,
    );
    expect(rows.rows[0]!.n).toBe(1);
  });

  it('stamps delivered_at when an order is delivered', async () => {
    const { orderId } = await newOrder();
    const at = new Date('2030-01-02T03:04:05Z');
    for (const to of ['Scheduled', 'In Transit', 'Delivered'] as const)
      await withActor(db, null, (tx) => transitionOrder(tx, { orderId, to, actorUserId: null, at }));
    const row = await db.execute<{ status: string; delivered_at: Date | string }>(
      sql`select status, delivered_at from orders where order_id = ${orderId}`,
    );
    expect(row.rows[0]!.status).toBe('Delivered');
    expect(new Date(row.rows[0]!.delivered_at).toISOString()).toBe(at.toISOString());
  });
});
