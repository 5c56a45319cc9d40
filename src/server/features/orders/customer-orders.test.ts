import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  cancelAs,
  changeAs,
  expectFiguresEqualToRebuild,
  linesOf,
  setStatusAs,
  unitsOf,
} from '#server/test/customer-orders-helpers';
import { createProduct, createUser, daysFromNow, placeOrderAs, type TestUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';

// A customer cancels or changes its own Pending order (decision 0063): the rules of placing it,
// the stock through the ledger, every trigger-kept figure, the timeline, the managers told.
const t = await createTestApp();
const { app } = t;
const onPostgres = t.database.kind === 'postgres';
const db = app.ctx.db;
const manager = await createUser(app, 'Manager');

async function placed(user: TestUser, items: Array<{ productID: number; quantity: number }>, extra = {}) {
  const res = await placeOrderAs(app, user, items, extra);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order_id as number;
}

const detailOf = async (user: TestUser, orderId: number) => {
  const res = await app.inject({ url: `/api/orders/${orderId}`, headers: user.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const movementsOf = async (orderId: number) =>
  (
    await db.execute<{
      product_id: number;
      delta: number;
      reason: string;
      note: string | null;
      created_by: number;
    }>(
      sql`select product_id, delta, reason, note, created_by from stock_movements
          where order_id = ${orderId} order by movement_id`,
    )
  ).rows;

const managerNotices = async (orderId: number) =>
  (
    await db.execute<{ type: string; message: string }>(
      sql`select type, message from notifications where order_id = ${orderId} and user_id = ${manager.userId}
          order by notification_id`,
    )
  ).rows;

describe('POST /api/orders/{id}/cancel', () => {
  it('cancels the customer’s own Pending order with its reason: stock back through the ledger, "by you" on the timeline, the managers told', async () => {
    const customer = await createUser(app, 'Customer');
    const a = await createProduct(app, { units: 50 });
    const b = await createProduct(app, { units: 20 });
    const orderId = await placed(customer, [
      { productID: a.productId, quantity: 5 },
      { productID: b.productId, quantity: 2 },
    ]);
    expect(await unitsOf(app, a.productId)).toBe(45);

    const res = await cancelAs(app, customer, orderId, { reason: '  Ordered by mistake  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ order_id: orderId, status: 'Cancelled', previous_status: 'Pending' });
    expect(await unitsOf(app, a.productId)).toBe(50);
    expect(await unitsOf(app, b.productId)).toBe(20);
    // the same movements as a manager's rejection: one per line, with the order and the reason
    expect((await movementsOf(orderId)).slice(2)).toEqual([
      {
        product_id: a.productId,
        delta: 5,
        reason: 'order_cancelled',
        note: 'Ordered by mistake',
        created_by: customer.userId,
      },
      {
        product_id: b.productId,
        delta: 2,
        reason: 'order_cancelled',
        note: 'Ordered by mistake',
        created_by: customer.userId,
      },
    ]);

    const detail = await detailOf(customer, orderId);
    expect(detail.status).toBe('Cancelled');
    expect(detail.history.at(-1)).toMatchObject({
      from_status: 'Pending',
      to_status: 'Cancelled',
      changed_by: customer.userName,
      reason: 'Ordered by mistake',
      by_customer: true,
    });
    expect(await managerNotices(orderId)).toEqual([
      {
        type: 'Info',
        message: expect.stringMatching(
          new RegExp(`^Order #${orderId} was cancelled by the customer .+: Ordered by mistake\\.$`),
        ),
      },
    ]);
    const own = await db.execute<{ message: string }>(
      sql`select message from notifications where order_id = ${orderId} and customer_id = ${customer.customerId}`,
    );
    expect(own.rows.map((r) => r.message)).toEqual([
      `You cancelled order #${orderId}. The goods it reserved were released.`,
    ]);
    // audited with the customer as the actor
    const audit = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where table_name = 'orders' and row_key = ${String(orderId)}
            and operation = 'UPDATE' and performed_by = ${customer.userId}`,
    );
    expect(audit.rows[0]!.n).toBe(1);
  });

  it('needs no reason, and the managers are told none was given', async () => {
    const customer = await createUser(app, 'Customer');
    const p = await createProduct(app, { units: 10 });
    const orderId = await placed(customer, [{ productID: p.productId, quantity: 1 }]);
    const res = await cancelAs(app, customer, orderId, {});
    expect(res.statusCode, res.body).toBe(200);
    expect((await detailOf(customer, orderId)).history.at(-1)).toMatchObject({
      reason: null,
      by_customer: true,
    });
    expect((await managerNotices(orderId))[0]!.message).toMatch(/\(no reason given\)\.$/);
  });

  it('refuses a Scheduled order with a 409 that says to contact support, an already cancelled one, and changes nothing', async () => {
    const customer = await createUser(app, 'Customer');
    const p = await createProduct(app, { units: 10 });
    const orderId = await placed(customer, [{ productID: p.productId, quantity: 4 }]);
    expect((await setStatusAs(app, manager, orderId, 'Scheduled')).statusCode).toBe(200);
    const res = await cancelAs(app, customer, orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      `Order #${orderId} is Scheduled and can no longer be cancelled online: only a Pending order can. Please contact support and we will help.`,
    );
    expect(await unitsOf(app, p.productId)).toBe(6);
    expect((await detailOf(customer, orderId)).status).toBe('Scheduled');

    const other = await placed(customer, [{ productID: p.productId, quantity: 1 }]);
    expect((await cancelAs(app, customer, other)).statusCode).toBe(200);
    const again = await cancelAs(app, customer, other);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(`Order #${other} is already cancelled`);
    expect(await unitsOf(app, p.productId)).toBe(6);
  });

  it('is the customer’s own: another customer’s order is not found, and staff use the manager’s rejection', async () => {
    const owner = await createUser(app, 'Customer');
    const stranger = await createUser(app, 'Customer');
    const p = await createProduct(app, { units: 10 });
    const orderId = await placed(owner, [{ productID: p.productId, quantity: 2 }]);
    const res = await cancelAs(app, stranger, orderId);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(`Order ${orderId} not found`);
    expect((await cancelAs(app, manager, orderId)).statusCode).toBe(403);
    expect((await cancelAs(app, owner, 999_999)).statusCode).toBe(404);
    expect(await unitsOf(app, p.productId)).toBe(8);
    const long = await cancelAs(app, owner, orderId, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(422);
    expect(long.json().detail).toContain('reason must be at most 500 characters');
  });
});

describe('PATCH /api/orders/{id}', () => {
  it('changes quantities, adds and removes lines and moves the date: prices, stock, ledger, timeline, audit and the managers told', async () => {
    const customer = await createUser(app, 'Customer');
    const up = await createProduct(app, { units: 100, unitPrice: 10 });
    const down = await createProduct(app, { units: 100, unitPrice: 4 });
    const gone = await createProduct(app, { units: 100, unitPrice: 2.5 });
    const kept = await createProduct(app, { units: 100, unitPrice: 7 });
    const added = await createProduct(app, { units: 100, unitPrice: 3 });
    const orderId = await placed(customer, [
      { productID: up.productId, quantity: 3 },
      { productID: down.productId, quantity: 10 },
      { productID: gone.productId, quantity: 4 },
      { productID: kept.productId, quantity: 1 },
    ]);
    // prices move after placement: raised and added lines take today's, the others keep theirs
    await db.execute(
      sql`update products set unit_price = unit_price + 1
          where product_id in (${up.productId}, ${down.productId}, ${kept.productId}, ${added.productId})`,
    );
    const newDate = daysFromNow(20);
    const auditBefore = (
      await db.execute<{ id: number }>(sql`select coalesce(max(audit_id), 0)::int as id from audit_log`)
    ).rows[0]!.id;
    const res = await changeAs(app, customer, orderId, {
      scheduleDate: newDate,
      items: [
        { productID: added.productId, quantity: 2 },
        { productID: up.productId, quantity: 5 },
        { productID: down.productId, quantity: 6 },
        { productID: kept.productId, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail.schedule_date).toBe(newDate);
    expect(await linesOf(app, orderId)).toEqual(
      [
        { product_id: up.productId, quantity: 5, unit_price: 11 },
        { product_id: down.productId, quantity: 6, unit_price: 4 },
        { product_id: kept.productId, quantity: 1, unit_price: 7 },
        { product_id: added.productId, quantity: 2, unit_price: 4 },
      ].sort((x, y) => x.product_id - y.product_id),
    );
    expect(detail.subtotal).toBe(5 * 11 + 6 * 4 + 7 + 2 * 4);
    expect(detail.delivery_fee).toBe(25);
    expect(await unitsOf(app, up.productId)).toBe(95);
    expect(await unitsOf(app, down.productId)).toBe(94);
    expect(await unitsOf(app, gone.productId)).toBe(100);
    expect(await unitsOf(app, kept.productId)).toBe(99);
    expect(await unitsOf(app, added.productId)).toBe(98);

    // one movement per product moved, in product order, with the order and a note
    const moved = (await movementsOf(orderId)).slice(4);
    expect(moved).toEqual(
      [
        { id: up.productId, delta: -2, reason: 'order_reserved', note: '3 → 5' },
        { id: down.productId, delta: 4, reason: 'order_cancelled', note: '10 → 6' },
        { id: gone.productId, delta: 4, reason: 'order_cancelled', note: '4 → removed' },
        { id: added.productId, delta: -2, reason: 'order_reserved', note: 'added → 2' },
      ]
        .sort((x, y) => x.id - y.id)
        .map((m) => ({
          product_id: m.id,
          delta: m.delta,
          reason: m.reason,
          note: `Order #${orderId} changed by the customer: ${m.note}`,
          created_by: customer.userId,
        })),
    );

    // the timeline's change, "by you"
    expect(detail.changes).toEqual([
      {
        changed_at: expect.any(String),
        changed_by: customer.userName,
        by_customer: true,
        schedule_date_before: daysFromNow(10),
        schedule_date_after: newDate,
        lines: [
          { product_id: up.productId, product_name: up.name, before: 3, after: 5 },
          { product_id: down.productId, product_name: down.name, before: 10, after: 6 },
          { product_id: gone.productId, product_name: gone.name, before: 4, after: 0 },
          { product_id: added.productId, product_name: added.name, before: 0, after: 2 },
        ].sort((x, y) => x.product_id - y.product_id),
      },
    ]);
    expect(await managerNotices(orderId)).toEqual([
      {
        type: 'Info',
        message: expect.stringMatching(
          new RegExp(
            `^Order #${orderId} was changed by the customer .+: 4 items, delivery date ${daysFromNow(10)} → ${newDate}\\.$`,
          ),
        ),
      },
    ]);
    // audited: the lines updated, deleted and inserted, the ledger rows, the order and the change,
    // each with the customer as the actor
    const audit = await db.execute<{ table_name: string; operation: string; n: number }>(
      sql`select table_name, operation, count(*)::int as n from audit_log
           where audit_id > ${auditBefore} and performed_by = ${customer.userId}
             and table_name in ('order_items', 'orders', 'order_changes', 'stock_movements')
           group by 1, 2 order by 1, 2`,
    );
    expect(audit.rows).toEqual([
      { table_name: 'order_changes', operation: 'INSERT', n: 1 },
      { table_name: 'order_items', operation: 'DELETE', n: 1 },
      { table_name: 'order_items', operation: 'INSERT', n: 1 },
      { table_name: 'order_items', operation: 'UPDATE', n: 2 },
      { table_name: 'orders', operation: 'UPDATE', n: 1 },
      { table_name: 'stock_movements', operation: 'INSERT', n: 4 },
    ]);
    await expectFiguresEqualToRebuild(app, (a, b) => expect(a).toEqual(b));
  });

  it('keeps every trigger-kept figure exact through changes, cancels, approvals and placements', async () => {
    const customer = await createUser(app, 'Customer');
    const products = [
      await createProduct(app, { units: 500, spacePerUnit: 0.25 }),
      await createProduct(app, { units: 500, spacePerUnit: 1.5 }),
      await createProduct(app, { units: 500, spacePerUnit: 0.1 }),
    ];
    const [p1, p2, p3] = products.map((p) => p.productId) as [number, number, number];
    const o1 = await placed(customer, [{ productID: p1, quantity: 3 }]);
    const o2 = await placed(customer, [
      { productID: p1, quantity: 1 },
      { productID: p2, quantity: 2 },
    ]);
    const o3 = await placed(customer, [{ productID: p3, quantity: 9 }]);
    const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
      const r = await res;
      expect(r.statusCode, r.body).toBe(200);
    };
    await ok(
      changeAs(app, customer, o1, {
        items: [
          { productID: p2, quantity: 4 },
          { productID: p1, quantity: 1 },
        ],
      }),
    );
    await ok(changeAs(app, customer, o2, { scheduleDate: daysFromNow(30) }));
    await ok(changeAs(app, customer, o2, { items: [{ productID: p3, quantity: 1 }] }));
    await ok(
      changeAs(app, customer, o3, { items: [{ productID: p3, quantity: 12 }], scheduleDate: daysFromNow(9) }),
    );
    await ok(setStatusAs(app, manager, o3, 'Scheduled'));
    await ok(cancelAs(app, customer, o1, { reason: 'Changed my mind' }));
    await placed(customer, [{ productID: p2, quantity: 5 }]);
    // stock = initial - the lines of the orders not cancelled
    const sold = await db.execute<{ product_id: number; units: number }>(
      sql`select i.product_id, sum(i.quantity)::int as units from order_items i join orders o using (order_id)
           where i.product_id in (${p1}, ${p2}, ${p3}) and o.status <> 'Cancelled' group by 1 order by 1`,
    );
    for (const id of [p1, p2, p3])
      expect(await unitsOf(app, id)).toBe(500 - (sold.rows.find((r) => r.product_id === id)?.units ?? 0));
    // every order's movements sum to minus its live lines (none for a cancelled one)
    const mismatched = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from orders o
       where o.order_id in (${o1}, ${o2}, ${o3})
         and coalesce((select -sum(delta) from stock_movements m where m.order_id = o.order_id), 0)
             <> case when o.status = 'Cancelled' then 0
                     else (select coalesce(sum(quantity), 0) from order_items i where i.order_id = o.order_id) end`);
    expect(mismatched.rows[0]!.n).toBe(0);
    await expectFiguresEqualToRebuild(app, (a, b) => expect(a).toEqual(b));
  });

  it('moves only the date when only the date is sent, and a date left as it is needs no new lead time', async () => {
    const customer = await createUser(app, 'Customer');
    const p = await createProduct(app, { units: 30 });
    const orderId = await placed(customer, [{ productID: p.productId, quantity: 2 }]);
    const res = await changeAs(app, customer, orderId, { scheduleDate: daysFromNow(12) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toMatchObject([{ product_id: p.productId, quantity: 2 }]);
    expect(res.json().changes).toMatchObject([
      { schedule_date_before: daysFromNow(10), schedule_date_after: daysFromNow(12), lines: [] },
    ]);
    expect(await movementsOf(orderId)).toHaveLength(1);

    // placed 4 days ago for 3 days from now: the items may still change, the agreed date stays
    await db.execute(
      sql`update orders set schedule_date = ${daysFromNow(3)},
                            order_date = ${daysFromNow(-4)}::timestamp at time zone 'UTC'
           where order_id = ${orderId}`,
    );
    // (no trigger moves product sales to another order date: no writer of the app changes one)
    await db.execute(sql`select rebuild_stock_rollups()`);
    const items = await changeAs(app, customer, orderId, {
      scheduleDate: daysFromNow(3),
      items: [{ productID: p.productId, quantity: 3 }],
    });
    expect(items.statusCode, items.body).toBe(200);
    expect(items.json().schedule_date).toBe(daysFromNow(3));
    expect(await unitsOf(app, p.productId)).toBe(27);
  });

  it('answers the order unchanged, writing nothing, when nothing changes', async () => {
    const customer = await createUser(app, 'Customer');
    const p = await createProduct(app, { units: 30 });
    const orderId = await placed(customer, [{ productID: p.productId, quantity: 2 }]);
    const res = await changeAs(app, customer, orderId, {
      scheduleDate: daysFromNow(10),
      items: [
        { productID: p.productId, quantity: 1 },
        { productID: p.productId, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().changes).toEqual([]);
    expect(await movementsOf(orderId)).toHaveLength(1);
    expect(await managerNotices(orderId)).toEqual([]);
  });

  it('refuses what placing refuses, naming the problem, and writes nothing', async () => {
    const customer = await createUser(app, 'Customer');
    const p = await createProduct(app, { units: 10, name: `Tea chest ${Date.now()}` });
    const q = await createProduct(app, { units: 5 });
    const orderId = await placed(customer, [
      { productID: p.productId, quantity: 4 },
      { productID: q.productId, quantity: 1 },
    ]);
    const before = { lines: await linesOf(app, orderId), p: await unitsOf(app, p.productId) };

    const tooMany = await changeAs(app, customer, orderId, {
      items: [
        { productID: q.productId, quantity: 2 },
        { productID: p.productId, quantity: 11 },
      ],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().detail).toBe(`Not enough stock for ${p.name}: 6 available, 7 more requested`);

    const unknown = await changeAs(app, customer, orderId, { items: [{ productID: 999_999, quantity: 1 }] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toBe('Product 999999 does not exist');

    for (const [items, message] of [
      [[{ productID: p.productId, quantity: 0 }], 'quantity must be at least 1'],
      [[{ productID: p.productId, quantity: 1.5 }], 'quantity must be a whole number'],
      [[], 'an order needs at least one item'],
    ] as const) {
      const res = await changeAs(app, customer, orderId, { items });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toContain(message);
    }

    const early = await changeAs(app, customer, orderId, { scheduleDate: daysFromNow(3) });
    expect(early.statusCode).toBe(422);
    expect(early.json().detail).toMatch(
      /^scheduleDate: delivery must be at least 7 days ahead, on or after \d{4}-\d{2}-\d{2}$/,
    );
    const far = await changeAs(app, customer, orderId, { scheduleDate: daysFromNow(400) });
    expect(far.statusCode).toBe(422);
    const empty = await changeAs(app, customer, orderId, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toContain('send scheduleDate or items');

    expect(await linesOf(app, orderId)).toEqual(before.lines);
    expect(await unitsOf(app, p.productId)).toBe(before.p);
    expect((await detailOf(customer, orderId)).changes).toEqual([]);
  });

  it('is a 409 once the order is no longer Pending, a 404 for another customer, a 403 for staff', async () => {
    const owner = await createUser(app, 'Customer');
    const stranger = await createUser(app, 'Customer');
    const p = await createProduct(app, { units: 10 });
    const orderId = await placed(owner, [{ productID: p.productId, quantity: 2 }]);
    const change = { items: [{ productID: p.productId, quantity: 3 }] };
    expect((await changeAs(app, stranger, orderId, change)).statusCode).toBe(404);
    expect((await changeAs(app, manager, orderId, change)).statusCode).toBe(403);
    expect((await setStatusAs(app, manager, orderId, 'Scheduled')).statusCode).toBe(200);
    const res = await changeAs(app, owner, orderId, change);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      `Order #${orderId} is Scheduled and can no longer be changed online: only a Pending order can. Please contact support and we will help.`,
    );
    expect(await unitsOf(app, p.productId)).toBe(8);
  });
});

describe('at the same moment (PostgreSQL)', () => {
  it.runIf(onPostgres)(
    'a customer’s cancel and a manager’s approval: one of the two, never both',
    async () => {
      const p = await createProduct(app, { units: 1_000 });
      const customer = await createUser(app, 'Customer');
      const orders = [];
      for (let k = 0; k < 8; k++)
        orders.push(await placed(customer, [{ productID: p.productId, quantity: 5 }]));
      const results = await Promise.all(
        orders.flatMap((id) => [cancelAs(app, customer, id), setStatusAs(app, manager, id, 'Scheduled')]),
      );
      for (let k = 0; k < orders.length; k++) {
        const [cancel, approve] = [results[2 * k]!, results[2 * k + 1]!];
        expect([cancel.statusCode, approve.statusCode].sort()).toEqual([200, 409]);
        const status = (await detailOf(customer, orders[k]!)).status;
        expect(status).toBe(cancel.statusCode === 200 ? 'Cancelled' : 'Scheduled');
        const history = await db.execute<{ n: number }>(
          sql`select count(*)::int as n from order_status_history where order_id = ${orders[k]!}`,
        );
        expect(history.rows[0]!.n).toBe(2);
      }
      const cancelled = results.filter((r, i) => i % 2 === 0 && r.statusCode === 200).length;
      expect(await unitsOf(app, p.productId)).toBe(1_000 - 5 * (orders.length - cancelled));
      await expectFiguresEqualToRebuild(app, (a, b) => expect(a).toEqual(b));
    },
  );

  it.runIf(onPostgres)(
    'changes, placements and cancels racing on the same products: no deadlock, no oversell, figures exact',
    async () => {
      const hot = [
        await createProduct(app, { units: 60 }),
        await createProduct(app, { units: 60 }),
        await createProduct(app, { units: 60 }),
      ];
      const ids = hot.map((p) => p.productId);
      const buyers = [await createUser(app, 'Customer'), await createUser(app, 'Customer')];
      const itemsOf = (k: number) =>
        (k % 2 === 0 ? ids : [...ids].reverse()).map((productID, j) => ({
          productID,
          quantity: 1 + ((k + j) % 3),
        }));
      const first: Array<{ id: number; buyer: TestUser }> = [];
      for (let k = 0; k < 6; k++) {
        const buyer = buyers[k % 2]!;
        first.push({ id: await placed(buyer, itemsOf(k)), buyer });
      }
      const results = await Promise.all([
        // raise every line of the first orders (some will find no stock left), in reversed item order
        ...first.map(({ id, buyer }, k) =>
          changeAs(app, buyer, id, {
            items: itemsOf(k + 1)
              .map((i) => ({ ...i, quantity: i.quantity + 4 }))
              .reverse(),
          }),
        ),
        ...first.slice(0, 2).map(({ id, buyer }) => cancelAs(app, buyer, id)),
        ...Array.from({ length: 6 }, (_, k) => placeOrderAs(app, buyers[k % 2]!, itemsOf(k + 2))),
      ]);
      for (const r of results) expect([200, 201, 409], r.body).toContain(r.statusCode);
      for (const r of results.filter((x) => x.statusCode === 409))
        expect(r.json().detail).toMatch(
          /^(Not enough stock for .+|Order #\d+ is already cancelled|Order #\d+ is Cancelled .*)/,
        );
      const live = await db.execute<{ product_id: number; units: number }>(
        sql`select i.product_id, sum(i.quantity)::int as units from order_items i join orders o using (order_id)
           where i.product_id = any(${`{${ids.join(',')}}`}::int[]) and o.status <> 'Cancelled' group by 1`,
      );
      for (const id of ids) {
        const units = await unitsOf(app, id);
        expect(units).toBeGreaterThanOrEqual(0);
        expect(units).toBe(60 - (live.rows.find((r) => r.product_id === id)?.units ?? 0));
      }
      await expectFiguresEqualToRebuild(app, (a, b) => expect(a).toEqual(b));
    },
  );
});
