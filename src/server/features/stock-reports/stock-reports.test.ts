import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct, createUser, placeOrderAs } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { cancelOrder } from '#server/test/warehouse-factories';

const t = await createTestApp();
const { app } = t;

const warehouse = await createUser(app, 'Warehouse Manager');
const soap = await createProduct(app, { name: 'Soap', category: 'Personal Care', unitPrice: 10, units: 200 });
const tea = await createProduct(app, { name: 'Tea', category: 'Beverages', unitPrice: 2.5, units: 45 });
await createProduct(app, { name: 'Salt', category: 'Grocery', unitPrice: 1, units: 0 });

/** Orders placed at a given instant (the app clock), by a customer signed in then. */
async function orderAt(iso: string, items: Array<[number, number]>) {
  t.setNow(new Date(iso));
  const customer = await createUser(app, 'Customer');
  const scheduleDate = new Date(new Date(iso).getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
  const res = await placeOrderAs(
    app,
    customer,
    items.map(([productID, quantity]) => ({ productID, quantity })),
    { scheduleDate },
  );
  expect(res.statusCode).toBe(201);
  t.setNow(new Date());
  return res.json().order_id as number;
}

await orderAt('2026-01-10T06:00:00Z', [
  [soap.productId, 3],
  [tea.productId, 4],
]);
await orderAt('2026-01-12T06:00:00Z', [[soap.productId, 1]]);
// 20:00 UTC on 31 January is 1 February in Colombo: a February sale
await orderAt('2026-01-31T20:00:00Z', [[soap.productId, 5]]);
const cancelled = await orderAt('2026-02-20T06:00:00Z', [[tea.productId, 10]]);
await cancelOrder(app, cancelled);
await orderAt('2026-02-21T06:00:00Z', [[soap.productId, 2]]);
// a later price change does not rewrite what was sold
await app.ctx.db.execute(sql`update products set unit_price = 99 where product_id = ${soap.productId}`);

const report = async (name: string, query: string) => {
  const res = await app.inject({ url: `/api/report/${name}?${query}`, headers: warehouse.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

describe('GET /api/report/product-performance', () => {
  it('sums units, revenue and orders of the period by order date, without cancelled orders', async () => {
    const january = (await report('product-performance', 'from=2026-01-01&to=2026-01-31')).json();
    expect(january).toEqual([
      {
        product_id: soap.productId,
        product_name: 'Soap',
        category: 'Personal Care',
        unit_price: 99,
        total_quantity_sold: 4,
        total_revenue: 40,
        order_count: 2,
        available_units: 189,
        stock_status: 'In Stock',
      },
      expect.objectContaining({
        product_name: 'Tea',
        total_quantity_sold: 4,
        total_revenue: 10,
        order_count: 1,
      }),
      expect.objectContaining({
        product_name: 'Salt',
        total_quantity_sold: 0,
        total_revenue: 0,
        available_units: 0,
        stock_status: 'Out of Stock',
      }),
    ]);
    const quarter = (await report('product-performance', 'from=2026-01-01&to=2026-03-31')).json();
    expect(
      quarter.map((r: { product_name: string; total_quantity_sold: number; total_revenue: number }) => [
        r.product_name,
        r.total_quantity_sold,
        r.total_revenue,
      ]),
    ).toEqual([
      ['Soap', 11, 110],
      ['Tea', 4, 10],
      ['Salt', 0, 0],
    ]);
    expect(quarter[1].stock_status).toBe('Low Stock'); // 45 - 4 = 41
  });

  it('exports the same rows as CSV and PDF, and refuses a reversed period', async () => {
    const csv = await report('product-performance', 'from=2026-01-01&to=2026-01-31&format=csv');
    expect(csv.headers['content-disposition']).toContain('product-performance-2026-01-01-to-2026-01-31.csv');
    expect(csv.body.trim().split(/\r?\n/)).toEqual([
      'Product,Category,Unit price,Units sold,Revenue,Orders,Available units,Stock status',
      'Soap,Personal Care,99.00,4,40.00,2,189,In Stock',
      'Tea,Beverages,2.50,4,10.00,1,41,Low Stock',
      'Salt,Grocery,1.00,0,0.00,0,0,Out of Stock',
    ]);
    const pdf = await report('product-performance', 'format=pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const reversed = await app.inject({
      url: '/api/report/product-performance?from=2026-02-01&to=2026-01-01',
      headers: warehouse.auth,
    });
    expect(reversed.statusCode).toBe(422);
    const customer = await createUser(app, 'Customer');
    expect(
      (await app.inject({ url: '/api/report/product-performance', headers: customer.auth })).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/report/current-stock', () => {
  it('gives the stock now, its value and the units sold in the period', async () => {
    const rows = (await report('current-stock', 'from=2026-02-01&to=2026-02-28')).json();
    expect(rows).toEqual([
      expect.objectContaining({
        product_name: 'Tea',
        current_stock: 41,
        unit_price: 2.5,
        stock_value: 102.5,
        total_quantity_sold: 0,
      }),
      expect.objectContaining({
        product_name: 'Salt',
        current_stock: 0,
        stock_value: 0,
        stock_status: 'Out of Stock',
      }),
      {
        product_id: soap.productId,
        product_name: 'Soap',
        category: 'Personal Care',
        current_stock: 189,
        unit_price: 99,
        stock_value: 18711,
        total_quantity_sold: 7,
        stock_status: 'In Stock',
      },
    ]);
    const csv = await report('current-stock', 'from=2026-02-01&to=2026-02-28&format=csv');
    expect(csv.body.split(/\r?\n/)[0]).toBe(
      'Product,Category,Current stock,Unit price,Stock value,Units sold,Stock status',
    );
  });
});
