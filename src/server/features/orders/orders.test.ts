import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createCityWithRoute,
  createProduct,
  createUser,
  daysFromNow,
  placeOrderAs,
} from '#server/test/factories';
import { createTestApp } from '#server/test/harness';

const t = await createTestApp();
const { app } = t;
const db = app.ctx.db;

const units = async (productId: number) =>
  (
    await db.execute<{ n: number }>(
      sql`select available_units as n from products where product_id = ${productId}`,
    )
  ).rows[0]!.n;
const orderCount = async () =>
  (await db.execute<{ n: number }>(sql`select count(*)::int as n from orders`)).rows[0]!.n;

describe('POST /api/customers/{id}/orders', () => {
  it('refuses a delivery date 6 days ahead and accepts 7 days, by the server clock', async () => {
    t.setNow(new Date('2026-03-10T12:00:00Z')); // 17:30 in Colombo, still 10 March
    const customer = await createUser(app, 'Customer');
    const product = await createProduct(app, { units: 10 });
    const items = [{ productID: product.productId, quantity: 1 }];
    const early = await placeOrderAs(app, customer, items, { scheduleDate: '2026-03-16' });
    expect(early.statusCode).toBe(422);
    expect(early.json().detail).toBe(
      'scheduleDate: delivery must be at least 7 days ahead, on or after 2026-03-17',
    );
    const onTime = await placeOrderAs(app, customer, items, { scheduleDate: '2026-03-17' });
    expect(onTime.statusCode).toBe(201);
    expect(onTime.json()).toMatchObject({ status: 'Pending', attachments: 0 });
    t.setNow(new Date());
  });

  it('reserves stock through the ledger, captures prices, and records the first status', async () => {
    const customer = await createUser(app, 'Customer');
    const product = await createProduct(app, { units: 20, unitPrice: 12.5 });
    const res = await placeOrderAs(app, customer, [
      { productID: product.productId, quantity: 3 },
      { productID: product.productId, quantity: 2 },
    ]);
    expect(res.statusCode).toBe(201);
    const orderId = res.json().order_id;
    expect(await units(product.productId)).toBe(15);
    const ledger = await db.execute<{ delta: number; reason: string }>(
      sql`select delta, reason from stock_movements where order_id = ${orderId}`,
    );
    expect(ledger.rows).toEqual([{ delta: -5, reason: 'order_reserved' }]);
    await db.execute(sql`update products set unit_price = 99 where product_id = ${product.productId}`);
    const detail = (await app.inject({ url: `/api/orders/${orderId}`, headers: customer.auth })).json();
    expect(detail.items).toEqual([
      {
        product_id: product.productId,
        product_name: product.name,
        quantity: 5,
        unit_price: 12.5,
        line_total: 62.5,
        state: 'pending',
        delivered_at: null,
        last_failure: null,
        returned_at: null,
        credit: 0,
      },
    ]);
    expect(detail).toMatchObject({
      subtotal: 62.5,
      delivery_fee: 25,
      total: 87.5,
      status: 'Pending',
      status_label: 'Waiting for approval',
      customer_stage: 'awaiting_approval',
      credit: 0,
      amount_due: 87.5,
      delivery_failures: [],
    });
    expect(detail.history).toEqual([
      expect.objectContaining({ from_status: null, to_status: 'Pending', changed_by: customer.userName }),
    ]);
  });

  it('answers a shortage with 409 naming the product and writes nothing', async () => {
    const customer = await createUser(app, 'Customer');
    const plenty = await createProduct(app, { units: 50 });
    const scarce = await createProduct(app, { units: 2, name: 'Sunlight Soap 100g' });
    const before = await orderCount();
    const res = await placeOrderAs(app, customer, [
      { productID: plenty.productId, quantity: 5 },
      { productID: scarce.productId, quantity: 3 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Not enough stock for Sunlight Soap 100g: 2 available, 3 requested');
    expect(await orderCount()).toBe(before);
    expect(await units(plenty.productId)).toBe(50);
    expect(await units(scarce.productId)).toBe(2);
  });

  it('sells exactly the available units when many customers race for the last ones', async () => {
    const product = await createProduct(app, { units: 5 });
    const buyers = await Promise.all(Array.from({ length: 16 }, () => createUser(app, 'Customer')));
    const results = await Promise.all(
      buyers.map((b) => placeOrderAs(app, b, [{ productID: product.productId, quantity: 1 }])),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(11);
    expect(await units(product.productId)).toBe(0);
    const sold = await db.execute<{ n: number }>(
      sql`select coalesce(sum(quantity), 0)::int as n from order_items where product_id = ${product.productId}`,
    );
    expect(sold.rows[0]!.n).toBe(5);
  });

  it('rejects bad input with a detail naming the field, and unknown products', async () => {
    const customer = await createUser(app, 'Customer');
    const product = await createProduct(app);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ items: [] }, /items: an order needs at least one item/],
      [{ items: [{ productID: product.productId, quantity: 0 }] }, /quantity must be at least 1/],
      [{ items: [{ productID: product.productId, quantity: 1.5 }] }, /quantity must be a whole number/],
      [
        { scheduleDate: '2026-02-30', items: [{ productID: product.productId, quantity: 1 }] },
        /not a real date/,
      ],
      [{ scheduleDate: 'next week', items: [{ productID: product.productId, quantity: 1 }] }, /scheduleDate/],
      [{ items: [{ productID: 999999, quantity: 1 }] }, /Product 999999 does not exist/],
    ];
    for (const [body, message] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/customers/${customer.customerId}/orders`,
        headers: customer.auth,
        payload: { scheduleDate: daysFromNow(10), ...body },
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().detail).toMatch(message);
    }
  });

  it('lets a customer order only for itself, staff with the permission for anyone, and not crews', async () => {
    const alice = await createUser(app, 'Customer');
    const bob = await createUser(app, 'Customer');
    const manager = await createUser(app, 'Manager');
    const driver = await createUser(app, 'Driver');
    const product = await createProduct(app);
    const body = { scheduleDate: daysFromNow(9), items: [{ productID: product.productId, quantity: 1 }] };
    const url = `/api/customers/${bob.customerId}/orders`;
    const asAlice = await app.inject({ method: 'POST', url, headers: alice.auth, payload: body });
    expect(asAlice.statusCode).toBe(403);
    expect(asAlice.json().detail).toBe('You can only act for your own customer account');
    expect((await app.inject({ method: 'POST', url, headers: manager.auth, payload: body })).statusCode).toBe(
      201,
    );
    expect((await app.inject({ method: 'POST', url, headers: driver.auth, payload: body })).statusCode).toBe(
      403,
    );
    expect((await app.inject({ method: 'POST', url, payload: body })).statusCode).toBe(401);
  });

  it('finds the destination city and the route whose covered towns appear in the address', async () => {
    const { cityId, routeId } = await createCityWithRoute(app, 'Galle', ['Hikkaduwa', 'Unawatuna']);
    const customer = await createUser(app, 'Customer');
    const product = await createProduct(app);
    const res = await placeOrderAs(app, customer, [{ productID: product.productId, quantity: 1 }], {
      deliveryAddress: '14 Beach Road, Unawatuna',
      city: 'Galle',
    });
    expect(res.statusCode).toBe(201);
    const row = await db.execute<{ city_id: number; route_id: number }>(
      sql`select city_id, route_id from orders where order_id = ${res.json().order_id}`,
    );
    expect(row.rows[0]).toEqual({ city_id: cityId, route_id: routeId });
    const nowhere = await placeOrderAs(app, customer, [{ productID: product.productId, quantity: 1 }], {
      city: 'Atlantis',
    });
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json().detail).toBe("city: we do not deliver to 'Atlantis'");
  });

  it('refuses an unknown city for a customer with a home city too, instead of using the home city', async () => {
    const { cityId } = await createCityWithRoute(app, 'Matara', ['Weligama']);
    const customer = await createUser(app, 'Customer');
    await db.execute(
      sql`update customers set city_id = ${cityId} where customer_id = ${customer.customerId}`,
    );
    const product = await createProduct(app);
    const before = await orderCount();
    const unknown = await placeOrderAs(app, customer, [{ productID: product.productId, quantity: 1 }], {
      city: 'Atlantis',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toBe("city: we do not deliver to 'Atlantis'");
    expect(await orderCount()).toBe(before);
    const home = await placeOrderAs(app, customer, [{ productID: product.productId, quantity: 1 }]);
    expect(home.statusCode).toBe(201);
    const row = await db.execute<{ city_id: number }>(
      sql`select city_id from orders where order_id = ${home.json().order_id}`,
    );
    expect(row.rows[0]!.city_id).toBe(cityId);
  });

  it('refuses a delivery date more than 365 days ahead (stock would be held forever)', async () => {
    t.setNow(new Date('2026-03-10T12:00:00Z'));
    const customer = await createUser(app, 'Customer');
    const product = await createProduct(app, { units: 10 });
    const items = [{ productID: product.productId, quantity: 1 }];
    for (const scheduleDate of ['9999-12-31', '2027-03-11']) {
      const far = await placeOrderAs(app, customer, items, { scheduleDate });
      expect(far.statusCode, scheduleDate).toBe(422);
      expect(far.json().detail).toBe(
        'scheduleDate: delivery can be at most 365 days ahead, on or before 2027-03-10',
      );
    }
    expect((await placeOrderAs(app, customer, items, { scheduleDate: '2027-03-10' })).statusCode).toBe(201);
    t.setNow(new Date());
  });
});

describe('GET /api/orders and /api/orders/{id}', () => {
  it("pages the caller's own orders newest first with X-Total-Count, filtered by status and text", async () => {
    const customer = await createUser(app, 'Customer');
    const other = await createUser(app, 'Customer');
    const product = await createProduct(app, { units: 1000, name: 'Ceylon Tea Gold 400g' });
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      t.setNow(new Date(Date.UTC(2026, 0, 1 + i, 8)));
      const res = await placeOrderAs(app, customer, [{ productID: product.productId, quantity: 1 }], {
        scheduleDate: '2026-03-01',
      });
      ids.push(res.json().order_id);
    }
    t.setNow(new Date());
    await placeOrderAs(app, other, [{ productID: product.productId, quantity: 1 }]);
    await db.execute(sql`update orders set status = 'Delivered' where order_id = ${ids[0]!}`);

    const page1 = await app.inject({ url: '/api/orders?page=1&page_size=3', headers: customer.auth });
    expect(page1.headers['x-total-count']).toBe('7');
    expect(page1.json().map((o: { order_id: number }) => o.order_id)).toEqual([ids[6], ids[5], ids[4]]);
    const page3 = await app.inject({ url: '/api/orders?page=3&page_size=3', headers: customer.auth });
    expect(page3.json().map((o: { order_id: number }) => o.order_id)).toEqual([ids[0]]);
    const delivered = await app.inject({ url: '/api/orders?status=Delivered', headers: customer.auth });
    expect(delivered.headers['x-total-count']).toBe('1');
    expect(delivered.json()[0]).toMatchObject({
      order_id: ids[0],
      status: 'Delivered',
      item_count: 1,
      total: 35,
    });
    const byProduct = await app.inject({ url: '/api/orders?q=ceylon%20tea', headers: customer.auth });
    expect(byProduct.headers['x-total-count']).toBe('7');
    const byId = await app.inject({ url: `/api/orders?q=%23${ids[3]}`, headers: customer.auth });
    expect(byId.json().map((o: { order_id: number }) => o.order_id)).toEqual([ids[3]]);
    const bad = await app.inject({ url: '/api/orders?status=Lost', headers: customer.auth });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toMatch(/status/);
  });

  it("a customer's list finds its orders by words of their address and products, as the search box does", async () => {
    const [customer, other] = [await createUser(app, 'Customer'), await createUser(app, 'Customer')];
    const street = `Pansala${Date.now().toString(36).replace(/\d/g, '')}`;
    const product = await createProduct(app, { name: `Kithul Jaggery ${street}`, category: 'Sweets' });
    const plain = await createProduct(app);
    const place = async (user: typeof customer, productId: number) =>
      (await placeOrderAs(app, user, [{ productID: productId, quantity: 1 }])).json().order_id as number;
    const [withJaggery, without, theirs] = [
      await place(customer, product.productId),
      await place(customer, plain.productId),
      await place(other, product.productId),
    ];
    await db.execute(sql`update orders set delivery_address = ${`7 ${street} Road, Borella`}
                          where order_id in (${withJaggery}, ${without}, ${theirs})`);
    const list = async (user: typeof customer, q: string) => {
      const res = await app.inject({ url: `/api/orders?q=${encodeURIComponent(q)}`, headers: user.auth });
      expect(res.statusCode, res.body).toBe(200);
      return {
        ids: res.json().map((o: { order_id: number }) => o.order_id),
        total: res.headers['x-total-count'],
      };
    };
    // words in any order, each in the address (folded: case and accents)
    expect(await list(customer, `borellà ${street.toUpperCase()}`)).toEqual({
      ids: [without, withJaggery],
      total: '2',
    });
    // one word in the address, one in a product of the order
    expect(await list(customer, `${street} jaggery`)).toEqual({ ids: [withJaggery], total: '1' });
    expect(await list(other, `${street} borella`)).toEqual({ ids: [theirs], total: '1' });
    expect((await list(customer, `${street} nowhere`)).ids).toEqual([]);
  });

  it("a customer's search counts its total from the page when the page is not full, else by counting", async () => {
    const customer = await createUser(app, 'Customer');
    const street = `Vidiya${Date.now().toString(36).replace(/\d/g, '')}`;
    const product = await createProduct(app);
    const ids: number[] = [];
    for (let i = 0; i < 7; i++)
      ids.push(
        (await placeOrderAs(app, customer, [{ productID: product.productId, quantity: 1 }])).json()
          .order_id as number,
      );
    await db.execute(sql`update orders set delivery_address = ${`3 ${street} Lane, Nugegoda`}
                          where order_id in (${sql.join(
                            ids.map((id) => sql`${id}`),
                            sql`, `,
                          )})`);
    const page = async (n: number) => {
      const res = await app.inject({
        url: `/api/orders?q=${street}&page=${n}&page_size=3`,
        headers: customer.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return { n: res.json().length, total: res.headers['x-total-count'] };
    };
    // full pages: counted; the last (1 row): offset + rows; past the end (empty): counted
    expect(await page(1)).toEqual({ n: 3, total: '7' });
    expect(await page(2)).toEqual({ n: 3, total: '7' });
    expect(await page(3)).toEqual({ n: 1, total: '7' });
    expect(await page(4)).toEqual({ n: 0, total: '7' });
  });

  it("hides another customer's order as 404, shows it to staff, and refuses crews", async () => {
    const owner = await createUser(app, 'Customer');
    const stranger = await createUser(app, 'Customer');
    const manager = await createUser(app, 'Manager');
    const assistant = await createUser(app, 'Driver Assistant');
    const product = await createProduct(app);
    const orderId = (await placeOrderAs(app, owner, [{ productID: product.productId, quantity: 2 }])).json()
      .order_id;
    const url = `/api/orders/${orderId}`;
    const asStranger = await app.inject({ url, headers: stranger.auth });
    expect(asStranger.statusCode).toBe(404);
    expect(asStranger.json()).toEqual({ detail: `Order ${orderId} not found` });
    expect((await app.inject({ url: `${url}/invoice.pdf`, headers: stranger.auth })).statusCode).toBe(404);
    expect((await app.inject({ url, headers: manager.auth })).json()).toMatchObject({
      order_id: orderId,
      total: 45,
    });
    expect((await app.inject({ url, headers: assistant.auth })).statusCode).toBe(403);
    const list = await app.inject({ url: '/api/orders', headers: stranger.auth });
    expect(list.json()).toEqual([]);
  });
});

describe('GET /api/dashboard/customer-stats', () => {
  it('counts total, active and delivered orders from the database', async () => {
    const customer = await createUser(app, 'Customer');
    const product = await createProduct(app);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push(
        (await placeOrderAs(app, customer, [{ productID: product.productId, quantity: 1 }])).json().order_id,
      );
    }
    await db.execute(sql`update orders set status = 'Delivered' where order_id = ${ids[0]!}`);
    await db.execute(sql`update orders set status = 'Cancelled' where order_id = ${ids[1]!}`);
    await db.execute(sql`update orders set status = 'In Transit' where order_id = ${ids[2]!}`);
    const res = await app.inject({ url: '/api/dashboard/customer-stats', headers: customer.auth });
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats).toMatchObject({ total_orders: 4, active_orders: 2, delivered_orders: 1 });
    expect(stats.status_counts).toEqual({
      Pending: 1,
      Scheduled: 0,
      'In Transit': 1,
      Delivered: 1,
      Cancelled: 1,
    });
    expect(stats.recent_orders).toHaveLength(4);
    const manager = await createUser(app, 'Manager');
    expect(
      (await app.inject({ url: '/api/dashboard/customer-stats', headers: manager.auth })).statusCode,
    ).toBe(403);
  });
});
