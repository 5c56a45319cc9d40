import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct, createUser, placeOrderAs } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';

const t = await createTestApp();
const { app } = t;
const db = app.ctx.db;

const warehouse = await createUser(app, 'Warehouse Manager');
const admin = await createUser(app, 'Admin');
const manager = await createUser(app, 'Manager');
const customer = await createUser(app, 'Customer');

const details = (name: string) => ({
  name,
  category: 'Beverages',
  unit_price: 4.1,
  space_per_unit: 0.25,
  reorder_point: 60,
});

describe('GET /api/products', () => {
  it('lists every product with the warehouse fields', async () => {
    const product = await createProduct(app, { units: 30, reorderPoint: 40, name: 'Ceylon Tea 400g' });
    const res = await app.inject({ url: '/api/products', headers: customer.auth });
    expect(res.statusCode).toBe(200);
    const row = res.json().find((p: { product_id: number }) => p.product_id === product.productId);
    expect(row).toMatchObject({
      productName: 'Ceylon Tea 400g',
      unitPrice: 10,
      category: 'Household',
      available_units: 30,
      space_per_unit: 0.5,
      reorder_point: 40,
    });
    expect(row.last_movement_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });
});

describe('POST /api/products and PUT /api/products/{id}/details', () => {
  it('creates a product with its opening stock as a ledger movement', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/products',
      headers: warehouse.auth,
      payload: { ...details('Milk Powder 1kg'), initial_units: 120 },
    });
    expect(res.statusCode).toBe(201);
    const product = res.json();
    expect(product).toMatchObject({
      productName: 'Milk Powder 1kg',
      unitPrice: 4.1,
      space_per_unit: 0.25,
      reorder_point: 60,
      available_units: 120,
    });
    const ledger = await db.execute<{ delta: number; reason: string; created_by: number }>(
      sql`select delta, reason, created_by from stock_movements where product_id = ${product.product_id}`,
    );
    expect(ledger.rows).toEqual([{ delta: 120, reason: 'initial', created_by: warehouse.userId }]);
  });

  it('refuses a taken name (any case) with 409 and bad fields with 422 naming them', async () => {
    await createProduct(app, { name: 'Sunlight Soap 100g' });
    const taken = await app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.auth,
      payload: details('sunlight soap 100g'),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe("A product named 'sunlight soap 100g' already exists");
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '  ' }, 'name: is required'],
      [{ unit_price: -1 }, 'unit_price: must be at least 0'],
      [{ unit_price: 1.234 }, 'unit_price: must have at most 2 decimals'],
      [{ space_per_unit: 0 }, 'space_per_unit: must be more than 0'],
      [{ reorder_point: 2.5 }, 'reorder_point: must be a whole number'],
      [{ reorder_point: 'ten' }, 'reorder_point: must be a number of units'],
      [{ initial_units: -4 }, 'initial_units: must be at least 0'],
    ];
    for (const [change, message] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/products',
        headers: warehouse.auth,
        payload: { ...details('Bad Product'), ...change },
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json().detail).toContain(message);
    }
  });

  it('changes the details without touching the stock or the prices of existing order items', async () => {
    const product = await createProduct(app, { units: 50, unitPrice: 12.5 });
    const order = await placeOrderAs(app, customer, [{ productID: product.productId, quantity: 2 }]);
    expect(order.statusCode).toBe(201);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/products/${product.productId}/details`,
      headers: warehouse.auth,
      payload: { ...details('Renamed Biscuits'), unit_price: 15, reorder_point: 10 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ productName: 'Renamed Biscuits', unitPrice: 15, available_units: 48 });
    const items = await db.execute<{ unit_price: number }>(
      sql`select unit_price::float8 as unit_price from order_items where order_id = ${order.json().order_id}`,
    );
    expect(items.rows).toEqual([{ unit_price: 12.5 }]);
    const missing = await app.inject({
      method: 'PUT',
      url: '/api/products/999999/details',
      headers: warehouse.auth,
      payload: details('Ghost'),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Product 999999 not found');
  });

  it('lets only the warehouse role and admins change products or stock', async () => {
    const product = await createProduct(app, { units: 5 });
    const calls = [
      { method: 'POST' as const, url: '/api/products', payload: details('Nope') },
      { method: 'PUT' as const, url: `/api/products/${product.productId}/details`, payload: details('Nope') },
      { method: 'PUT' as const, url: `/api/products/${product.productId}`, payload: { available_units: 1 } },
      { method: 'POST' as const, url: `/api/products/${product.productId}/receipts`, payload: { units: 1 } },
    ];
    for (const user of [manager, customer, await createUser(app, 'Driver')]) {
      for (const call of calls) {
        const res = await app.inject({ ...call, headers: user.auth });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      }
    }
    const anonymous = await app.inject({ ...calls[2]!, headers: {} });
    expect(anonymous.statusCode).toBe(401);
    const units = await db.execute<{ n: number }>(
      sql`select available_units as n from products where product_id = ${product.productId}`,
    );
    expect(units.rows[0]!.n).toBe(5);
    const asAdmin = await app.inject({ ...calls[3]!, headers: admin.auth });
    expect(asAdmin.statusCode).toBe(201);
  });
});
