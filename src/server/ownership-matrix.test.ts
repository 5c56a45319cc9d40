import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { withActor } from './db/client';
import { insertNotifications } from './features/notifications/notifications.queries';
import { crewScene } from './test/crew-factories';
import { createProduct, createUser, daysFromNow, multipart, type TestUser } from './test/factories';
import { createTestApp } from './test/harness';

// Issue 24, suite 1 (ownership): a caller allowed on a route (permission-matrix.test.ts) reaches
// only its own rows. Customer A against customer B's orders, invoice, attachment, notifications,
// support request and search results; crew A (driver and assistant) against crew B's run, items,
// confirmations and notifications; a user against another user's alert dismissal. Every refusal
// must be a 403/404 (or the named 4xx) with { detail } and leave every table as it was.

const { app } = await createTestApp();
const db = app.ctx.db;

// two runs, each with its own crew and one approved order of its own customer
const [sceneA, sceneB] = [await crewScene(app, { orderCount: 1 }), await crewScene(app, { orderCount: 1 })];
const customerA = sceneA.orders[0]!.customer;
const customerB = sceneB.orders[0]!.customer;
const onRunB = sceneB.orders[0]!;
const runA = sceneA.deliveryId;
const runB = sceneB.deliveryId;

async function call(
  user: TestUser,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
}
function ok(res: LightMyRequestResponse, status: number, what: string) {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res;
}

// B's run is on the road, one of its items confirmed (with a client id) and one still open
ok(await call(sceneB.driver, 'POST', `/api/deliveries/${runB}/start`), 200, 'start run B');
const confirmationB = randomUUID();
ok(
  await call(sceneB.assistant, 'POST', `/api/deliveries/${runB}/confirm-item`, {
    order_id: onRunB.orderId,
    product_id: onRunB.productIds[0],
    confirmation_id: confirmationB,
  }),
  201,
  'confirm an item of run B',
);
ok(await call(sceneA.driver, 'POST', `/api/deliveries/${runA}/start`), 200, 'start run A');

// each customer's Pending order with an attachment; B's support request on it
async function pendingWithFile(customer: TestUser) {
  const product = await createProduct(app, { units: 100 });
  const body = multipart(
    {
      payload: JSON.stringify({
        scheduleDate: daysFromNow(12),
        items: [{ productID: product.productId, quantity: 2 }],
        deliveryAddress: '9 Hill Street, Kandy',
      }),
    },
    [
      {
        name: 'files',
        filename: 'po.pdf',
        data: Buffer.from('%PDF-1.4 purchase order'),
        type: 'application/pdf',
      },
    ],
  );
  const placed = ok(
    await app.inject({
      method: 'POST',
      url: `/api/customers/${customer.customerId}/orders`,
      headers: { ...customer.auth, ...body.headers },
      payload: body.payload,
    }),
    201,
    'place an order with a file',
  );
  const orderId = placed.json().order_id as number;
  const detail = ok(await call(customer, 'GET', `/api/orders/${orderId}`), 200, 'read the order').json();
  return { orderId, attachmentId: detail.attachments[0].attachment_id as number };
}
const pendingA = await pendingWithFile(customerA);
const pendingB = await pendingWithFile(customerB);
const supportB = ok(
  await call(customerB, 'POST', '/api/support/requests', {
    subject: 'Where is my order',
    message: 'The order has not arrived yet',
    order_id: pendingB.orderId,
  }),
  201,
  'B asks for support',
).json().request_id as number;

// B's notifications: the customer's, each crew member's, and one user's
const warehouseA = await createUser(app, 'Warehouse Manager');
const warehouseB = await createUser(app, 'Warehouse Manager');
await withActor(db, null, (tx) =>
  insertNotifications(tx, [
    { to: { customerId: customerB.customerId! }, type: 'Info', message: 'For customer B', at: new Date() },
    { to: { employeeId: sceneB.driver.employeeId! }, type: 'Alert', message: 'For driver B', at: new Date() },
    {
      to: { employeeId: sceneB.assistant.employeeId! },
      type: 'Alert',
      message: 'For assistant B',
      at: new Date(),
    },
    { to: { userId: warehouseB.userId }, type: 'Info', message: 'For warehouse B', at: new Date() },
  ]),
);
const notificationIds = async (message: string) =>
  (
    await db.execute<{ id: number }>(
      sql`select notification_id as id from notifications where message = ${message} and read_at is null`,
    )
  ).rows.map((r) => r.id);
const [forCustomerB] = await notificationIds('For customer B');
const [forDriverB] = await notificationIds('For driver B');
const [forAssistantB] = await notificationIds('For assistant B');
const [forWarehouseB] = await notificationIds('For warehouse B');

/** What a global search finds for the user, as `kind:id`. */
async function searchHits(user: TestUser, q: string): Promise<string[]> {
  const res = await call(user, 'GET', `/api/search?q=${encodeURIComponent(q)}`);
  if (res.statusCode !== 200) throw new Error(`search ${q}: ${res.statusCode} ${res.body}`);
  return (res.json() as { groups: { kind: string; hits: { id: number }[] }[] }).groups.flatMap((g) =>
    g.hits.map((h) => `${g.kind}:${h.id}`),
  );
}

// ---- every table, hashed: a refusal must leave each as it was ----

const tables = (
  await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
         where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  )
).rows.map((r) => r.name);
async function snapshot(): Promise<Record<string, string>> {
  const res = await db.execute<Record<string, string>>(
    sql.raw(
      `select ${tables
        .map(
          (t) =>
            `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from "${t}" x) as "${t}"`,
        )
        .join(', ')}`,
    ),
  );
  return res.rows[0]!;
}

let refusals = 0;
/**
 * The call is refused with `status` (404: as if the row did not exist; 403: the caller's own
 * scope named; 409/422: a rule of the caller's own run or request) and a { detail }, and no
 * table changed.
 */
async function expectRefused(
  what: string,
  send: () => Promise<LightMyRequestResponse>,
  status = 404,
): Promise<string> {
  const before = await snapshot();
  const res = await send();
  expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(status);
  const body = res.json();
  expect(Object.keys(body), what).toEqual(['detail']);
  expect(typeof body.detail, what).toBe('string');
  const after = await snapshot();
  const changed = tables.filter((t) => before[t] !== after[t]);
  expect(changed, `${what} changed tables`).toEqual([]);
  refusals++;
  return body.detail as string;
}

describe("customer A against customer B's rows", () => {
  it("B's order: detail, invoice, attachment, cancel, change, another's account", async () => {
    const a = customerA;
    for (const orderId of [pendingB.orderId, onRunB.orderId]) {
      await expectRefused(`detail of ${orderId}`, () => call(a, 'GET', `/api/orders/${orderId}`));
      await expectRefused(`invoice of ${orderId}`, () =>
        call(a, 'GET', `/api/orders/${orderId}/invoice.pdf`),
      );
      await expectRefused(`cancel ${orderId}`, () => call(a, 'POST', `/api/orders/${orderId}/cancel`, {}));
      await expectRefused(`change ${orderId}`, () =>
        call(a, 'PATCH', `/api/orders/${orderId}`, { scheduleDate: daysFromNow(14) }),
      );
    }
    await expectRefused("B's attachment on B's order", () =>
      call(a, 'GET', `/api/orders/${pendingB.orderId}/attachments/${pendingB.attachmentId}`),
    );
    // B's attachment named under A's own order
    await expectRefused("B's attachment under A's order", () =>
      call(a, 'GET', `/api/orders/${pendingA.orderId}/attachments/${pendingB.attachmentId}`),
    );
    await expectRefused(
      "an order in B's name",
      () =>
        call(a, 'POST', `/api/customers/${customerB.customerId}/orders`, {
          scheduleDate: daysFromNow(10),
          items: [{ productID: onRunB.productIds[0], quantity: 1 }],
          deliveryAddress: '1 Elsewhere Road',
        }),
      403,
    );
    await expectRefused(
      "B's delivery defaults",
      () => call(a, 'GET', `/api/customers/${customerB.customerId}/delivery-defaults`),
      403,
    );
    // A's own calls on the same routes answer (the refusals above are about B's rows)
    expect((await call(a, 'GET', `/api/orders/${pendingA.orderId}`)).statusCode).toBe(200);
    expect(
      (await call(a, 'GET', `/api/orders/${pendingA.orderId}/attachments/${pendingA.attachmentId}`))
        .statusCode,
    ).toBe(200);
  });

  it("lists, exports and searches hold none of B's orders", async () => {
    const a = customerA;
    const bOrders = [pendingB.orderId, onRunB.orderId];
    for (const q of ['', `?q=${pendingB.orderId}`, `?q=${encodeURIComponent(customerB.userName)}`]) {
      const list = await call(a, 'GET', `/api/orders${q}`);
      expect(list.statusCode).toBe(200);
      const ids = (list.json() as { order_id: number }[]).map((o) => o.order_id);
      expect(
        ids.filter((id) => bOrders.includes(id)),
        `GET /api/orders${q}`,
      ).toEqual([]);
    }
    const all = (await call(a, 'GET', '/api/orders')).json() as { order_id: number }[];
    expect(all.map((o) => o.order_id).sort()).toEqual([pendingA.orderId, sceneA.orders[0]!.orderId].sort());
    const stats = (await call(a, 'GET', '/api/dashboard/customer-stats')).json() as {
      total_orders: number;
      recent_orders: { order_id: number }[];
    };
    expect(stats.total_orders).toBe(2);
    expect(stats.recent_orders.map((o) => o.order_id).sort()).toEqual(
      [pendingA.orderId, sceneA.orders[0]!.orderId].sort(),
    );
    const csv = await call(a, 'GET', '/api/orders/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(String(pendingA.orderId));
    for (const id of bOrders)
      expect(csv.body.split(/\r?\n/).some((line) => line.startsWith(`${id},`))).toBe(false);
    // B's order number, and B's customer name, searched by A
    const customerBName = (
      await db.execute<{ name: string }>(
        sql`select name from customers where customer_id = ${customerB.customerId}`,
      )
    ).rows[0]!.name;
    for (const q of [String(onRunB.orderId), `#${pendingB.orderId}`, customerBName]) {
      const hits = await searchHits(a, q);
      for (const id of bOrders) expect(hits, `search ${q}`).not.toContain(`order:${id}`);
      // nor B's name in any hit (the answer's `q` echoes the query)
      const groups = (await call(a, 'GET', `/api/search?q=${encodeURIComponent(q)}`)).json().groups;
      expect(JSON.stringify(groups), `search ${q}`).not.toContain(customerBName);
    }
    // the same searches by B find B's orders (the queries are ones that find them)
    expect(await searchHits(customerB, String(onRunB.orderId))).toContain(`order:${onRunB.orderId}`);
    expect(await searchHits(customerB, `#${pendingB.orderId}`)).toContain(`order:${pendingB.orderId}`);
  });

  it("B's notifications: not listed, not marked read, not touched by read-all", async () => {
    const a = customerA;
    const list = (await call(a, 'GET', '/api/notifications')).json() as {
      notifications: { notification_id: number }[];
    };
    expect(JSON.stringify(list)).not.toContain('For customer B');
    await expectRefused("mark B's read", () => call(a, 'POST', `/api/notifications/${forCustomerB}/read`));
    expect((await call(a, 'POST', '/api/notifications/read-all')).statusCode).toBe(200);
    expect(await notificationIds('For customer B')).toEqual([forCustomerB]);
  });

  it("B's support request: read, written on, attached to A's request, listed", async () => {
    const a = customerA;
    await expectRefused("read B's request", () => call(a, 'GET', `/api/support/requests/${supportB}`));
    await expectRefused("write on B's request", () =>
      call(a, 'POST', `/api/support/requests/${supportB}/messages`, { message: 'Hello from A' }),
    );
    await expectRefused(
      "a request of A about B's order",
      () =>
        call(a, 'POST', '/api/support/requests', { subject: 'x', message: 'y', order_id: pendingB.orderId }),
      422,
    );
    const list = await call(a, 'GET', '/api/support/requests');
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).not.toContain(`"request_id":${supportB}`);
  });
});

describe("crew A against crew B's run", () => {
  const item = { order_id: onRunB.orderId, product_id: onRunB.productIds[1]! };
  for (const who of ['driver', 'assistant'] as const) {
    it(`the ${who} of run A: B's assignments, notifications, items, start, confirm, fail`, async () => {
      const me = sceneA[who];
      for (const other of [sceneB.driver, sceneB.assistant]) {
        await expectRefused(
          `assignments of ${other.employeeId}`,
          () => call(me, 'GET', `/api/deliveries/assistant/${other.employeeId}/assignments`),
          403,
        );
        await expectRefused(
          `notifications of ${other.employeeId}`,
          () => call(me, 'GET', `/api/deliveries/assistant/${other.employeeId}/notifications`),
          403,
        );
      }
      await expectRefused("run B's items", () => call(me, 'GET', `/api/deliveries/${runB}/order-items`), 403);
      await expectRefused('start run B', () => call(me, 'POST', `/api/deliveries/${runB}/start`), 403);
      await expectRefused(
        "confirm run B's open item",
        () => call(me, 'POST', `/api/deliveries/${runB}/confirm-item`, item),
        403,
      );
      await expectRefused(
        "replay run B's confirmation",
        () =>
          call(me, 'POST', `/api/deliveries/${runB}/confirm-item`, {
            order_id: onRunB.orderId,
            product_id: onRunB.productIds[0],
            confirmation_id: confirmationB,
          }),
        403,
      );
      await expectRefused(
        "fail run B's open item",
        () => call(me, 'POST', `/api/deliveries/${runB}/fail-item`, { ...item, reason: 'Damaged' }),
        403,
      );
      await expectRefused(
        "fail run B's stop",
        () =>
          call(me, 'POST', `/api/deliveries/${runB}/orders/${onRunB.orderId}/fail`, { reason: 'Refused' }),
        403,
      );
      // B's item named on A's own run, and B's confirmation id reused there
      await expectRefused(
        "B's item on run A",
        () => call(me, 'POST', `/api/deliveries/${runA}/confirm-item`, item),
        422,
      );
      await expectRefused(
        "B's item failed on run A",
        () => call(me, 'POST', `/api/deliveries/${runA}/fail-item`, { ...item, reason: 'Missing' }),
        422,
      );
      await expectRefused(
        "B's stop failed on run A",
        () =>
          call(me, 'POST', `/api/deliveries/${runA}/orders/${onRunB.orderId}/fail`, { reason: 'Refused' }),
        404,
      );
      const reuse = await expectRefused(
        "B's confirmation id on run A",
        () =>
          call(me, 'POST', `/api/deliveries/${runA}/confirm-item`, {
            order_id: sceneA.orders[0]!.orderId,
            product_id: sceneA.orders[0]!.productIds[0],
            confirmation_id: confirmationB,
          }),
        409,
      );
      expect(reuse).toContain('already used');
      // B's notifications: not listed, not marked read
      const mine = await call(me, 'GET', '/api/notifications');
      expect(mine.statusCode).toBe(200);
      expect(mine.body).not.toMatch(/For (driver|assistant) B/);
      for (const id of [forDriverB, forAssistantB]) {
        await expectRefused(`mark ${id} read`, () => call(me, 'POST', `/api/notifications/${id}/read`));
      }
      expect((await call(me, 'POST', '/api/notifications/read-all')).statusCode).toBe(200);
      expect([
        ...(await notificationIds('For driver B')),
        ...(await notificationIds('For assistant B')),
      ]).toEqual([forDriverB, forAssistantB]);
      // the runs A's assignments and search show are A's only
      const assignments = (
        await call(me, 'GET', `/api/deliveries/assistant/${me.employeeId}/assignments`)
      ).json() as { delivery_id: number }[];
      expect(assignments.map((r) => r.delivery_id)).toEqual([runA]);
      for (const q of [String(runB), String(onRunB.orderId), sceneB.store.town]) {
        const hits = await searchHits(me, q);
        expect(hits, `search ${q}`).not.toContain(`delivery:${runB}`);
        expect(hits, `search ${q}`).not.toContain(`order:${onRunB.orderId}`);
      }
      // crew B's same searches find them
      expect(await searchHits(sceneB[who], sceneB.store.town)).toContain(`delivery:${runB}`);
      expect(await searchHits(sceneB[who], String(onRunB.orderId))).toContain(`order:${onRunB.orderId}`);
    });
  }

  it("run B's open item is still open and its confirmation B's own", async () => {
    const items = (await call(sceneB.driver, 'GET', `/api/deliveries/${runB}/order-items`)).json() as {
      product_id: number;
      confirmed: boolean;
      failed: boolean;
      confirmation_id: string | null;
    }[];
    expect(items.map((i) => [i.product_id, i.confirmed, i.failed, i.confirmation_id])).toEqual([
      [onRunB.productIds[0], true, false, confirmationB],
      [onRunB.productIds[1], false, false, null],
    ]);
  });
});

describe('an account linked to no customer or employee record', () => {
  it("a Customer login with no customer record reaches no one's orders", async () => {
    const orphan = await createUser(app, 'Customer');
    await db.execute(sql`update users set customer_id = null where user_id = ${orphan.userId}`);
    const list = await call(orphan, 'GET', '/api/orders');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
    const stats = (await call(orphan, 'GET', '/api/dashboard/customer-stats')).json();
    expect(stats).toMatchObject({ total_orders: 0, recent_orders: [] });
    const csv = await call(orphan, 'GET', '/api/orders/export.csv');
    expect(csv.body.trim().split(/\r?\n/)).toHaveLength(1);
    expect(await searchHits(orphan, String(onRunB.orderId))).not.toContain(`order:${onRunB.orderId}`);
    await expectRefused("B's order", () => call(orphan, 'GET', `/api/orders/${onRunB.orderId}`));
    await expectRefused("cancel B's order", () =>
      call(orphan, 'POST', `/api/orders/${pendingB.orderId}/cancel`, {}),
    );
    await expectRefused(
      "an order in B's name",
      () =>
        call(orphan, 'POST', `/api/customers/${customerB.customerId}/orders`, {
          scheduleDate: daysFromNow(10),
          items: [{ productID: onRunB.productIds[0], quantity: 1 }],
        }),
      403,
    );
    await expectRefused(
      "B's support request",
      () => call(orphan, 'GET', `/api/support/requests/${supportB}`),
      403,
    );
    await expectRefused("mark B's notification read", () =>
      call(orphan, 'POST', `/api/notifications/${forCustomerB}/read`),
    );
  });

  it('a Driver login with no employee record reaches no run', async () => {
    const orphan = await createUser(app, 'Driver');
    await db.execute(sql`update users set employee_id = null where user_id = ${orphan.userId}`);
    await expectRefused(
      "B's assignments",
      () => call(orphan, 'GET', `/api/deliveries/assistant/${sceneB.driver.employeeId}/assignments`),
      403,
    );
    await expectRefused(
      "run B's items",
      () => call(orphan, 'GET', `/api/deliveries/${runB}/order-items`),
      403,
    );
    await expectRefused(
      "confirm run B's open item",
      () =>
        call(orphan, 'POST', `/api/deliveries/${runB}/confirm-item`, {
          order_id: onRunB.orderId,
          product_id: onRunB.productIds[1],
        }),
      403,
    );
    await expectRefused("mark driver B's notification read", () =>
      call(orphan, 'POST', `/api/notifications/${forDriverB}/read`),
    );
    expect(await searchHits(orphan, sceneB.store.town)).not.toContain(`delivery:${runB}`);
    expect(await searchHits(orphan, String(onRunB.orderId))).not.toContain(`order:${onRunB.orderId}`);
  });
});

describe("a user against another user's rows", () => {
  it("another user's alert dismissal: kept per user, not restored by the other", async () => {
    const product = await createProduct(app, { units: 10, reorderPoint: 50 });
    const alertFor = async (user: TestUser) =>
      (
        (await call(user, 'GET', '/api/report/inventory-alerts')).json() as {
          product_id: number;
          dismissed: boolean;
        }[]
      ).find((a) => a.product_id === product.productId);
    expect(
      (await call(warehouseA, 'POST', `/api/inventory-alerts/${product.productId}/dismissal`)).statusCode,
    ).toBe(200);
    // B still sees it; B's restore (of B's own, none) leaves A's dismissal as it was
    expect(await alertFor(warehouseB)).toMatchObject({ dismissed: false });
    const dismissals = () =>
      db.execute(
        sql`select user_id, product_id from inventory_alert_dismissals where product_id = ${product.productId}`,
      );
    const before = (await dismissals()).rows;
    expect(
      (await call(warehouseB, 'DELETE', `/api/inventory-alerts/${product.productId}/dismissal`)).statusCode,
    ).toBe(204);
    expect((await dismissals()).rows).toEqual(before);
    expect(await alertFor(warehouseA)).toMatchObject({ dismissed: true });
  });

  it("another user's notification: not listed, not marked read", async () => {
    const list = await call(warehouseA, 'GET', '/api/notifications');
    expect(list.body).not.toContain('For warehouse B');
    await expectRefused("mark warehouse B's read", () =>
      call(warehouseA, 'POST', `/api/notifications/${forWarehouseB}/read`),
    );
    expect((await call(warehouseA, 'POST', '/api/notifications/read-all')).statusCode).toBe(200);
    expect(await notificationIds('For warehouse B')).toEqual([forWarehouseB]);
  });

  it('counts its refusals', () => {
    // 16 of customer A, 16 of each crew member of run A, 5 + 4 of accounts linked to no record,
    // 1 of a warehouse user: each with its tables compared
    expect(refusals).toBe(58);
  });
});
