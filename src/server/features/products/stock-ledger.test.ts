import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withActor } from '#server/db/client';
import { createProduct, createUser, placeOrderAs } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { cancelOrder } from '#server/test/warehouse-factories';

const t = await createTestApp();
const { app } = t;
const db = app.ctx.db;

const warehouse = await createUser(app, 'Warehouse Manager');
const customer = await createUser(app, 'Customer');

const units = async (productId: number) =>
  (
    await db.execute<{ n: number }>(
      sql`select available_units as n from products where product_id = ${productId}`,
    )
  ).rows[0]!.n;

const count = (productId: number, payload: Record<string, unknown>) =>
  app.inject({ method: 'PUT', url: `/api/products/${productId}`, headers: warehouse.auth, payload });
const receipt = (productId: number, payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: `/api/products/${productId}/receipts`,
    headers: warehouse.auth,
    payload,
  });
const movements = (productId: number, query = '') =>
  app.inject({ url: `/api/products/${productId}/movements${query}`, headers: warehouse.auth });

/** Every product's balance equals its ledger sum, and every running balance matches the ledger. */
async function ledgerIsConsistent() {
  const res = await db.execute<{ bad: number }>(sql`
    select count(*)::int as bad from products p
     where p.available_units <> (select coalesce(sum(delta), 0) from stock_movements m where m.product_id = p.product_id)
        or p.movement_count <> (select count(*) from stock_movements m where m.product_id = p.product_id)
        or exists (select 1 from (
             select balance_after, seq, sum(delta) over w as running, row_number() over w as n
               from stock_movements m where m.product_id = p.product_id
             window w as (order by movement_id)) x
            where x.balance_after <> x.running or x.seq <> x.n)`);
  return res.rows[0]!.bad === 0;
}

describe('PUT /api/products/{id}: a manual count', () => {
  it('stores the difference as a movement with who and why, and answers the new balance', async () => {
    const product = await createProduct(app, { units: 100 });
    const res = await count(product.productId, {
      available_units: 92,
      previous_units: 100,
      reason: 'Broken cartons found',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      product: { product_id: product.productId, available_units: 92 },
      movement: {
        seq: 2,
        reason: 'manual_count',
        delta: -8,
        balance_after: 92,
        note: 'Broken cartons found',
        created_by: warehouse.userName,
        order_id: null,
      },
      concurrent_change: 0,
    });
    // a count that finds what is recorded writes nothing
    const same = await count(product.productId, { available_units: 92 });
    expect(same.json()).toMatchObject({ movement: null, product: { available_units: 92 } });
    expect((await movements(product.productId)).headers['x-total-count']).toBe('2');
  });

  it('refuses negative, fractional and non-numeric units with 422 naming the field', async () => {
    const product = await createProduct(app, { units: 10 });
    const cases: Array<[unknown, string]> = [
      [-1, 'available_units: must be at least 0'],
      [2.5, 'available_units: must be a whole number'],
      ['12', 'available_units: must be a number of units'],
      ['abc', 'available_units: must be a number of units'],
      [null, 'available_units: must be a number of units'],
      [1e12, 'available_units: must be at most 100,000,000'],
    ];
    for (const [value, message] of cases) {
      const res = await count(product.productId, { available_units: value });
      expect(res.statusCode, String(value)).toBe(422);
      expect(res.json().detail).toContain(message);
    }
    const missing = await count(product.productId, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toContain('available_units');
    for (const value of [0, -3, 1.5, 'x']) {
      const res = await receipt(product.productId, { units: value });
      expect(res.statusCode, String(value)).toBe(422);
      expect(res.json().detail).toContain('units: must be');
    }
    expect(await units(product.productId)).toBe(10);
    const ghost = await count(999_999, { available_units: 1 });
    expect(ghost.statusCode).toBe(404);
  });

  it('never loses the reservation of an order placed between reading and saving the count', async () => {
    const product = await createProduct(app, { units: 50 });
    // the warehouse reads 50 and counts 45 on the shelf; meanwhile a customer reserves 10
    const order = await placeOrderAs(app, customer, [{ productID: product.productId, quantity: 10 }]);
    expect(order.statusCode).toBe(201);
    const res = await count(product.productId, { available_units: 45, previous_units: 50 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      product: { available_units: 35 },
      movement: { delta: -5, balance_after: 35 },
      concurrent_change: -10,
    });
    // a count that would have to take back reserved units is refused, and writes nothing
    await placeOrderAs(app, customer, [{ productID: product.productId, quantity: 5 }]);
    const tooLow = await count(product.productId, { available_units: 0, previous_units: 35 });
    expect(tooLow.statusCode).toBe(409);
    expect(tooLow.json().detail).toContain(
      'orders reserved 5 units since the count was read (35 then, 30 now)',
    );
    expect(await units(product.productId)).toBe(30);
    expect(await ledgerIsConsistent()).toBe(true);
  });

  it('keeps every reservation when counts and orders race on one product; one count of a reading applies', async () => {
    const product = await createProduct(app, { units: 200 });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => createUser(app, 'Customer')));
    // six orders of 5 units and three counts made against the 200 read before them: the orders
    // are kept whatever the order of events; the first count applies its difference, and the
    // other two, whose reading that count overtook, are refused
    const results = await Promise.all([
      ...buyers.map((b) => placeOrderAs(app, b, [{ productID: product.productId, quantity: 5 }])),
      ...[1, 2, 3].map((d) => count(product.productId, { available_units: 200 + d, previous_units: 200 })),
    ]);
    expect(results.slice(0, 6).map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const counts = results.slice(6);
    expect(counts.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const won = counts.findIndex((r) => r.statusCode === 200) + 1;
    expect(await units(product.productId)).toBe(200 - 30 + won);
    for (const refused of counts.filter((r) => r.statusCode === 409))
      expect(refused.json().detail).toMatch(
        /the balance changed since the count was read \(200 then, \d+ now; a count meanwhile\)/,
      );
    expect(await ledgerIsConsistent()).toBe(true);
  });
});

describe('two counts of one reading', () => {
  const manualCounts = async (productId: number) =>
    (
      await db.execute<{ n: number }>(
        sql`select count(*)::int as n from stock_movements where product_id = ${productId} and reason = 'manual_count'`,
      )
    ).rows[0]!.n;

  it('refuses the second count of the same reading, naming the balance then and now (they compounded to 26)', async () => {
    const product = await createProduct(app, { units: 100 });
    const first = await count(product.productId, { available_units: 58, previous_units: 100 });
    expect(first.statusCode).toBe(200);
    const second = await count(product.productId, { available_units: 68, previous_units: 100 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      detail: `${product.name}: the balance changed since the count was read (100 then, 58 now; a count meanwhile), so the count is not applied; please count again against 58 units`,
    });
    expect(await units(product.productId)).toBe(58);
    expect(await manualCounts(product.productId)).toBe(1);
    // counted again against what the screen now shows, it applies
    const again = await count(product.productId, { available_units: 68, previous_units: 58 });
    expect(again.json()).toMatchObject({ product: { available_units: 68 }, movement: { delta: 10 } });
    expect(await ledgerIsConsistent()).toBe(true);
  });

  it('refuses a count whose reading a receipt overtook, and still applies one that only orders moved', async () => {
    const product = await createProduct(app, { units: 100 });
    expect((await receipt(product.productId, { units: 50 })).statusCode).toBe(201);
    const overtaken = await count(product.productId, { available_units: 90, previous_units: 100 });
    expect(overtaken.statusCode).toBe(409);
    expect(overtaken.json().detail).toContain('(100 then, 150 now; a receipt meanwhile)');
    // orders, then a cancellation, since the reading of 150: the count applies over them
    const order = await placeOrderAs(app, customer, [{ productID: product.productId, quantity: 20 }]);
    await placeOrderAs(app, customer, [{ productID: product.productId, quantity: 5 }]);
    await cancelOrder(app, order.json().order_id);
    const res = await count(product.productId, { available_units: 140, previous_units: 150 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ product: { available_units: 135 }, concurrent_change: -5 });
    // a reading the ledger never held is refused too
    const unknown = await count(product.productId, { available_units: 10, previous_units: 7 });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().detail).toContain('(7 then, 135 now; no such balance in its latest 6 movements)');
    expect(await ledgerIsConsistent()).toBe(true);
  });

  // On PostgreSQL the counts really run at once, each on its own connection; the product row
  // lock (SELECT ... FOR UPDATE, which every movement takes) orders them, and each sees the
  // ledger its predecessor wrote. On PGlite they run one after the other: the same answer.
  it('of many parallel counts of one reading exactly one applies', async () => {
    const product = await createProduct(app, { units: 100 });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        count(product.productId, { available_units: 50 + i, previous_units: 100 }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    const winner = codes.indexOf(200);
    expect(await units(product.productId)).toBe(50 + winner);
    expect(await manualCounts(product.productId)).toBe(1);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().detail).toContain(`(100 then, ${50 + winner} now; a count meanwhile)`);
    expect(await ledgerIsConsistent()).toBe(true);
  });
});

describe('receipts and the ledger', () => {
  it('records a receipt and keeps the ledger sum equal to the units after orders, cancellations, counts and receipts', async () => {
    const product = await createProduct(app, { units: 40 });
    const first = await placeOrderAs(app, customer, [{ productID: product.productId, quantity: 15 }]);
    const second = await placeOrderAs(app, customer, [{ productID: product.productId, quantity: 5 }]);
    await cancelOrder(app, first.json().order_id);
    const res = await receipt(product.productId, { units: 300, note: 'Batch PB-0412' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      product: { available_units: 335 },
      movement: { reason: 'production_receipt', delta: 300, balance_after: 335, note: 'Batch PB-0412' },
    });
    await count(product.productId, { available_units: 330, previous_units: 335, reason: 'Recount' });
    expect(await units(product.productId)).toBe(330);
    expect(await ledgerIsConsistent()).toBe(true);

    const page = await movements(product.productId, '?page=1&page_size=3');
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('6');
    expect(
      page
        .json()
        .map((m: { reason: string; delta: number; balance_after: number }) => [
          m.reason,
          m.delta,
          m.balance_after,
        ]),
    ).toEqual([
      ['manual_count', -5, 330],
      ['production_receipt', 300, 335],
      ['order_cancelled', 15, 35],
    ]);
    const rest = (await movements(product.productId, '?page=2&page_size=3')).json();
    expect(rest.map((m: { reason: string; order_id: number | null }) => [m.reason, m.order_id])).toEqual([
      ['order_reserved', second.json().order_id],
      ['order_reserved', first.json().order_id],
      ['initial', null],
    ]);
    expect((await movements(product.productId, '?page=3&page_size=3')).json()).toEqual([]);
    expect((await movements(999_999)).statusCode).toBe(404);
    const asCustomer = await app.inject({
      url: `/api/products/${product.productId}/movements`,
      headers: customer.auth,
    });
    expect(asCustomer.statusCode).toBe(403);
  });

  it('is append-only, and the trigger-kept rollups equal a rebuild from the base rows', async () => {
    const product = await createProduct(app, { units: 10 });
    const failure = (query: Promise<unknown>) =>
      query.then(
        () => 'succeeded',
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
    expect(
      await failure(
        db.execute(sql`update stock_movements set delta = 99 where product_id = ${product.productId}`),
      ),
    ).toMatch(/append-only/);
    expect(
      await failure(db.execute(sql`delete from stock_movements where product_id = ${product.productId}`)),
    ).toMatch(/append-only/);
    const snapshot = async () =>
      (
        await db.execute(sql`
          select json_build_object(
            'daily', (select json_agg(d order by movement_date, product_id) from stock_daily d),
            'sales', (select json_agg(json_build_array(sales_date, product_id, units, revenue::float8, order_count)
                                      order by sales_date, product_id)
                        from (select sales_date, product_id, sum(units) as units, sum(revenue) as revenue,
                                     sum(order_count) as order_count
                                from product_sales_daily group by 1, 2) s
                       where units <> 0 or order_count <> 0),
            'ledger', (select json_agg(json_build_array(movement_id, seq, balance_after) order by movement_id)
                         from stock_movements),
            'products', (select json_agg(json_build_array(product_id, available_units, movement_count, last_moved_at)
                                         order by product_id) from products)) as s`)
      ).rows[0];
    const kept = await snapshot();
    await withActor(db, null, (tx) => tx.execute(sql`select rebuild_stock_rollups()`));
    expect(await snapshot()).toEqual(kept);
  });
});
