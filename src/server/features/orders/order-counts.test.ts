import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct, createUser, daysFromNow, placeOrderAs, type TestUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { ORDER_STATUSES, type OrderStatus } from '#shared/order-status';

// The list's X-Total-Count and the customer dashboard come from counters the database keeps
// in the writers' transactions (migration 0006): they must equal a real count(*) after any mix
// of writes, also when the writes run at the same time.
const t = await createTestApp();
const { app } = t;
const db = app.ctx.db;

const manager = await createUser(app, 'Manager');
const customers = [
  await createUser(app, 'Customer'),
  await createUser(app, 'Customer'),
  await createUser(app, 'Customer'),
];
const product = await createProduct(app, { units: 1_000_000, name: `Counted Tea ${Date.now()}` });

async function realCount(customerId: number | null, status?: OrderStatus): Promise<number> {
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from orders
        where ${customerId === null ? sql`true` : sql`customer_id = ${customerId}`}
          and ${status ? sql`status = ${status}` : sql`true`}`,
  );
  return res.rows[0]!.n;
}

async function listTotal(user: TestUser, query: string): Promise<number> {
  const res = await app.inject({ method: 'GET', url: `/api/orders?page_size=1${query}`, headers: user.auth });
  expect(res.statusCode).toBe(200);
  return Number(res.headers['x-total-count']);
}

/** Every total the API gives (staff and each customer, all and per status) against count(*). */
async function expectCountsExact() {
  for (const status of [undefined, ...ORDER_STATUSES]) {
    const query = status ? `&status=${encodeURIComponent(status)}` : '';
    expect(await listTotal(manager, query), `staff ${status ?? 'all'}`).toBe(await realCount(null, status));
    for (const c of customers) {
      expect(await listTotal(c, query), `customer ${c.customerId} ${status ?? 'all'}`).toBe(
        await realCount(c.customerId, status),
      );
    }
  }
  for (const c of customers) {
    const res = await app.inject({ method: 'GET', url: '/api/dashboard/customer-stats', headers: c.auth });
    const stats = res.json() as { total_orders: number; status_counts: Record<string, number> };
    expect(stats.total_orders).toBe(await realCount(c.customerId));
    for (const status of ORDER_STATUSES) {
      expect(stats.status_counts[status]).toBe(await realCount(c.customerId, status));
    }
  }
}

const place = async (c: TestUser) => {
  const res = await placeOrderAs(app, c, [{ productID: product.productId, quantity: 1 }]);
  expect(res.statusCode).toBe(201);
  return (res.json() as { order_id: number }).order_id;
};

const decide = async (orderId: number, status: 'Scheduled' | 'Cancelled') => {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/orders/${orderId}/status`,
    headers: manager.auth,
    payload: { status, reason: 'counted' },
  });
  expect(res.statusCode, res.body).toBe(200);
};

const compact = () => db.execute(sql`select compact_order_counts()`);

describe('order counts kept by the database', () => {
  it('follow new orders placed at the same time by several customers', async () => {
    await Promise.all(customers.flatMap((c) => Array.from({ length: 6 }, () => place(c))));
    await expectCountsExact();
  });

  it('follow approvals and cancellations running alongside new orders and compactions', async () => {
    const ids = await Promise.all(customers.flatMap((c) => Array.from({ length: 4 }, () => place(c))));
    await Promise.all([
      ...ids.map((id, i) => decide(id, i % 3 === 0 ? 'Cancelled' : 'Scheduled')),
      ...customers.map((c) => place(c)),
      compact(),
      compact(),
    ]);
    await expectCountsExact();
    // a scheduled order cancelled later moves between two statuses
    await decide(ids[1]!, 'Cancelled');
    await compact();
    await expectCountsExact();
  });

  it('follow writes of other features straight in SQL: a bulk status change, a new customer, a delete', async () => {
    const ids = await Promise.all(customers.map((c) => place(c)));
    await db.execute(
      sql`update orders set status = 'In Transit' where order_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    await db.execute(
      sql`update orders set customer_id = ${customers[0]!.customerId} where order_id = ${ids[2]!}`,
    );
    const lone = await db.execute<{ order_id: number }>(
      sql`insert into orders (customer_id, schedule_date, status) values (${customers[1]!.customerId}, ${daysFromNow(9)}, 'Delivered')
          returning order_id`,
    );
    await expectCountsExact();
    await db.execute(sql`delete from orders where order_id = ${lone.rows[0]!.order_id}`);
    await compact();
    await expectCountsExact();
  });

  it('are rebuilt from the orders by rebuild_order_counts()', async () => {
    await db.execute(sql`select rebuild_order_counts()`);
    await expectCountsExact();
    const deltas = await db.execute<{ n: number }>(sql`select count(*)::int as n from order_count_deltas`);
    expect(deltas.rows[0]!.n).toBe(0);
  });
});

describe('GET /api/orders paging and search', () => {
  it('continues after a given order by keyset, the same rows as the offset pages', async () => {
    const c = customers[2]!;
    const page1 = (
      await app.inject({ method: 'GET', url: '/api/orders?page_size=3', headers: c.auth })
    ).json() as { order_id: number }[];
    const page2 = (
      await app.inject({ method: 'GET', url: '/api/orders?page_size=3&page=2', headers: c.auth })
    ).json() as { order_id: number }[];
    const after = await app.inject({
      method: 'GET',
      url: `/api/orders?page_size=3&after=${page1[2]!.order_id}`,
      headers: c.auth,
    });
    expect(after.statusCode).toBe(200);
    expect((after.json() as { order_id: number }[]).map((o) => o.order_id)).toEqual(
      page2.map((o) => o.order_id),
    );
  });

  it("refuses a cursor the caller cannot see (another customer's order)", async () => {
    const theirs = await place(customers[0]!);
    const res = await app.inject({
      method: 'GET',
      url: `/api/orders?after=${theirs}`,
      headers: customers[1]!.auth,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: `after: order ${theirs} is not in this list` });
  });

  it('finds orders by product and customer name with exact totals', async () => {
    const byProduct = await app.inject({
      method: 'GET',
      url: `/api/orders?q=${encodeURIComponent(product.name.slice(0, 14))}&page_size=2`,
      headers: manager.auth,
    });
    expect(byProduct.statusCode).toBe(200);
    expect(Number(byProduct.headers['x-total-count'])).toBe(await realCount(null));
    expect(byProduct.headers['x-total-count-capped']).toBeUndefined();

    const name = (
      await db.execute<{ name: string }>(
        sql`select name from customers where customer_id = ${customers[1]!.customerId}`,
      )
    ).rows[0]!.name;
    const byCustomer = await app.inject({
      method: 'GET',
      url: `/api/orders?q=${encodeURIComponent(name)}&status=Pending`,
      headers: manager.auth,
    });
    expect(Number(byCustomer.headers['x-total-count'])).toBe(
      await realCount(customers[1]!.customerId, 'Pending'),
    );
    const rows = byCustomer.json() as { customer_id: number; status: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.customer_id === customers[1]!.customerId && r.status === 'Pending')).toBe(
      true,
    );

    // a customer searching another customer's name finds nothing of theirs
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/orders?q=${encodeURIComponent(name)}`,
      headers: customers[0]!.auth,
    });
    expect(foreign.json()).toEqual([]);
    expect(foreign.headers['x-total-count']).toBe('0');
  });
});
