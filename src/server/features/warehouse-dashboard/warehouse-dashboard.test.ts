import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedDemoData } from '#server/db/seed';
import { createProduct, createUser, placeOrderAs } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { cancelOrder } from '#server/test/warehouse-factories';
import { STOCK_LOW_BELOW } from '#shared/constants';
import { businessDate } from '#shared/dates';
import { STOCK_LABELS, type StockStatus, stockStatus } from '#shared/stock';

const t = await createTestApp();
const { app } = t;

const warehouse = await createUser(app, 'Warehouse Manager');
const customer = await createUser(app, 'Customer');
const stats = () => app.inject({ url: '/api/dashboard/warehouse-manager-stats', headers: warehouse.auth });

describe('GET /api/dashboard/warehouse-manager-stats', () => {
  it('answers zeros and a zero-filled trend when there are no products', async () => {
    const res = await stats();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      total_products: 0,
      total_units: 0,
      low_stock_items: 0,
      recent_updates: [],
      category_distribution: [],
    });
    expect(body.stock_trend).toHaveLength(30);
    expect(body.stock_trend[0]).toEqual({
      date: businessDate(new Date()),
      issued_units: 0,
      received_units: 0,
    });
  });

  it('computes the figures from the products and the ledger', async () => {
    const tea = await createProduct(app, { name: 'Tea', category: 'Beverages', units: 200 });
    const coffee = await createProduct(app, { name: 'Coffee', category: 'Beverages', units: 49 });
    const soap = await createProduct(app, { name: 'Soap', category: 'Personal Care', units: 50 });
    await createProduct(app, { name: 'Empty', category: 'Personal Care', units: 0 });
    const order = await placeOrderAs(app, customer, [
      { productID: tea.productId, quantity: 30 },
      { productID: soap.productId, quantity: 1 },
    ]);
    await placeOrderAs(app, customer, [{ productID: coffee.productId, quantity: 9 }]);
    await cancelOrder(app, order.json().order_id);
    await app.inject({
      method: 'POST',
      url: `/api/products/${coffee.productId}/receipts`,
      headers: warehouse.auth,
      payload: { units: 100 },
    });

    const body = (await stats()).json();
    // tea 200, coffee 49 - 9 + 100, soap 50 (the cancelled order gave its units back), empty 0:
    // the empty one is Out of Stock, not Low Stock as well
    expect(body).toMatchObject({
      total_products: 4,
      total_units: 390,
      low_stock_items: 0,
      out_of_stock_items: 1,
    });
    expect(body.recent_updates[0]).toMatchObject({
      product_name: 'Coffee',
      category: 'Beverages',
      available_units: 140,
      delta: 100,
      reason: 'production_receipt',
    });
    expect(body.recent_updates.map((u: { reason: string }) => u.reason).slice(0, 4)).toEqual([
      'production_receipt',
      'order_cancelled',
      'order_cancelled',
      'order_reserved',
    ]);
    expect(body.category_distribution).toEqual([
      { category: 'Beverages', product_count: 2, total_units: 340 },
      { category: 'Personal Care', product_count: 2, total_units: 50 },
    ]);
    // today: 30 + 1 + 9 issued to orders (a cancellation is a return, not negative issue);
    // received: the opening stock of the products and the receipt
    expect(body.stock_trend[0]).toEqual({
      date: businessDate(new Date()),
      issued_units: 40,
      received_units: 200 + 49 + 50 + 100,
    });
    expect(body.stock_trend[1].date < body.stock_trend[0].date).toBe(true);
  });

  it("counts each product in one level, as the tiles' labels say: Low Stock (1 to 49 units) apart from Out of Stock (0)", async () => {
    // the demo business, then counts that put products right at the levels' edges
    const demo = await createTestApp();
    await seedDemoData(demo.app.ctx.db);
    const keeper = await createUser(demo.app, 'Warehouse Manager');
    const products = (
      await demo.app.ctx.db.execute<{ product_id: number }>(
        sql`select product_id from products order by product_id limit 6`,
      )
    ).rows;
    expect(products).toHaveLength(6);
    for (const [i, units] of [0, 0, 1, STOCK_LOW_BELOW - 1, STOCK_LOW_BELOW, 0].entries()) {
      const res = await demo.app.inject({
        method: 'PUT',
        url: `/api/products/${products[i]!.product_id}`,
        headers: keeper.auth,
        payload: { available_units: units },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await demo.app.inject({
      url: '/api/dashboard/warehouse-manager-stats',
      headers: keeper.auth,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // the levels the screen names (STOCK_LABELS), from every product's units now
    const units = (
      await demo.app.ctx.db.execute<{ units: number }>(sql`select available_units as units from products`)
    ).rows.map((r) => r.units);
    const level = (l: StockStatus) => units.filter((u) => stockStatus(u) === l).length;
    expect([STOCK_LABELS.low, STOCK_LABELS['out of stock']]).toEqual(['Low Stock', 'Out of Stock']);
    expect(level('low')).toBeGreaterThanOrEqual(2);
    expect(level('out of stock')).toBeGreaterThanOrEqual(3);
    expect(body).toMatchObject({
      total_products: units.length,
      low_stock_items: level('low'),
      out_of_stock_items: level('out of stock'),
    });
    // no product counted twice: together they are the products below the low-stock threshold
    expect(body.low_stock_items + body.out_of_stock_items).toBe(
      units.filter((u) => u < STOCK_LOW_BELOW).length,
    );
  });

  it('is for the warehouse and admins only', async () => {
    for (const role of ['Customer', 'Manager', 'Driver']) {
      const user = await createUser(app, role);
      const res = await app.inject({ url: '/api/dashboard/warehouse-manager-stats', headers: user.auth });
      expect(res.statusCode, role).toBe(403);
    }
    const admin = await createUser(app, 'Admin');
    expect(
      (await app.inject({ url: '/api/dashboard/warehouse-manager-stats', headers: admin.auth })).statusCode,
    ).toBe(200);
  });
});
