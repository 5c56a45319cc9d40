import { describe, expect, it } from 'vitest';
import { createProduct, createUser, daysFromNow, placeOrderAs } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { allocateToTrip, createStoreCity, createTrip } from '#server/test/warehouse-factories';

const t = await createTestApp();
const { app } = t;

const warehouse = await createUser(app, 'Warehouse Manager');
const admin = await createUser(app, 'Admin');
const customer = await createUser(app, 'Customer');

type Alert = {
  product_id: number;
  product_name: string;
  alert_level: string;
  available_units: number;
  dismissed: boolean;
  suggested_reorder_point: number;
  reorder_quantity: number;
  pending_demand_units: number;
  issued_last_30_days: number;
};

const alerts = async (user = warehouse): Promise<Alert[]> => {
  const res = await app.inject({ url: '/api/report/inventory-alerts', headers: user.auth });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const alertOf = async (productId: number, user = warehouse) =>
  (await alerts(user)).find((a) => a.product_id === productId);
const dismiss = (productId: number, user = warehouse) =>
  app.inject({ method: 'POST', url: `/api/inventory-alerts/${productId}/dismissal`, headers: user.auth });
const restore = (productId: number, user = warehouse) =>
  app.inject({ method: 'DELETE', url: `/api/inventory-alerts/${productId}/dismissal`, headers: user.auth });
const order = async (productId: number, quantity: number, extra: Record<string, unknown> = {}) => {
  const res = await placeOrderAs(app, customer, [{ productID: productId, quantity }], extra);
  expect(res.statusCode).toBe(201);
  return res.json().order_id as number;
};

describe('GET /api/report/inventory-alerts', () => {
  it('puts products in critical or warning at the boundaries of their reorder point', async () => {
    const cases: Array<[number, number, string | undefined]> = [
      [0, 50, 'critical'],
      [16, 50, 'critical'],
      [17, 50, 'warning'],
      [49, 50, 'warning'],
      [50, 50, undefined],
      [17, 51, 'critical'],
      [18, 51, 'warning'],
      [0, 0, 'critical'],
      [1, 0, undefined],
    ];
    const products = await Promise.all(
      cases.map(([units, reorderPoint]) => createProduct(app, { units, reorderPoint })),
    );
    const all = await alerts();
    const levels = products.map((p) => all.find((a) => a.product_id === p.productId)?.alert_level);
    expect(levels).toEqual(cases.map((c) => c[2]));
    // most severe first: out of stock, then critical by fill ratio, then warnings
    const order = all.map((a) => a.alert_level);
    expect(order.indexOf('warning')).toBeGreaterThan(order.lastIndexOf('critical'));
    expect(all[0]!.available_units).toBe(0);
  });

  it('suggests a reorder point from the last 30 days of issue and shows the demand of pending orders', async () => {
    const product = await createProduct(app, { units: 130, reorderPoint: 20 });
    await order(product.productId, 40); // due in 10 days: pending demand
    await order(product.productId, 50, { scheduleDate: daysFromNow(20) }); // beyond 14 days
    const scheduled = await order(product.productId, 25); // approved: no longer pending
    const city = await createStoreCity(app);
    await allocateToTrip(
      app,
      scheduled,
      await createTrip(app, city.cityId, new Date(Date.now() + 86_400_000)),
    );
    // 130 - 115 = 15 units left, below the reorder point of 20 (15 * 3 > 20: warning)
    expect(await alertOf(product.productId)).toMatchObject({
      alert_level: 'warning',
      available_units: 15,
      issued_last_30_days: 115,
      suggested_reorder_point: Math.ceil((115 / 30) * 14), // 54, above the product's own 20
      reorder_quantity: Math.ceil((115 / 30) * 14) - 15,
      pending_demand_units: 40,
      dismissed: false,
    });
  });

  it('exports as CSV for the admin report center', async () => {
    const product = await createProduct(app, { units: 3, reorderPoint: 50, name: '=Formula Soap' });
    const res = await app.inject({ url: '/api/report/inventory-alerts?format=csv', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'Product ID,Product,Category,Alert level,Available units,Reorder point,Suggested reorder point,Reorder quantity,Pending demand (14 days)',
    );
    expect(
      lines.some((l) => l.startsWith(`${product.productId},'=Formula Soap,Household,critical,3,50,`)),
    ).toBe(true);
    const asCustomer = await app.inject({ url: '/api/report/inventory-alerts', headers: customer.auth });
    expect(asCustomer.statusCode).toBe(403);
  });
});

describe('dismissing and restoring an alert', () => {
  it('is kept per user on the server and comes back when the level gets worse', async () => {
    const product = await createProduct(app, { units: 40, reorderPoint: 50 });
    expect((await alertOf(product.productId))?.alert_level).toBe('warning');
    const res = await dismiss(product.productId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      product_id: product.productId,
      dismissed_level: 'warning',
      dismissed_units: 40,
    });
    // a later read (another device) still sees it dismissed; another user does not
    expect(await alertOf(product.productId)).toMatchObject({ dismissed: true });
    expect(await alertOf(product.productId, admin)).toMatchObject({ dismissed: false });
    // a little lower, still a warning: stays dismissed
    await order(product.productId, 5);
    expect(await alertOf(product.productId)).toMatchObject({ available_units: 35, dismissed: true });
    // critical now: it comes back
    await order(product.productId, 20);
    expect(await alertOf(product.productId)).toMatchObject({ alert_level: 'critical', dismissed: false });
    // dismissed as critical, it comes back once more when the product runs out
    expect((await dismiss(product.productId)).json().dismissed_level).toBe('critical');
    expect(await alertOf(product.productId)).toMatchObject({ dismissed: true });
    await order(product.productId, 15);
    expect(await alertOf(product.productId)).toMatchObject({ available_units: 0, dismissed: false });
    // restore: shown again; restoring twice is harmless
    await dismiss(product.productId);
    expect((await restore(product.productId)).statusCode).toBe(204);
    expect((await restore(product.productId)).statusCode).toBe(204);
    expect(await alertOf(product.productId)).toMatchObject({ dismissed: false });
  });

  it('shows the alert again when the stock recovered and then fell below the reorder point again', async () => {
    const product = await createProduct(app, { units: 30, reorderPoint: 50 });
    await dismiss(product.productId);
    await app.inject({
      method: 'POST',
      url: `/api/products/${product.productId}/receipts`,
      headers: warehouse.auth,
      payload: { units: 30 },
    });
    expect(await alertOf(product.productId)).toBeUndefined();
    await order(product.productId, 20); // 40: a warning again, a new episode
    expect(await alertOf(product.productId)).toMatchObject({ alert_level: 'warning', dismissed: false });
  });

  it('refuses a product without an alert (409), an unknown product (404) and non-staff (403)', async () => {
    const healthy = await createProduct(app, { units: 500, reorderPoint: 50 });
    const res = await dismiss(healthy.productId);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain('has no low-stock alert to dismiss (500 units, reorder point 50)');
    expect((await dismiss(999_999)).statusCode).toBe(404);
    expect((await restore(999_999)).statusCode).toBe(404);
    expect((await dismiss(healthy.productId, customer)).statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/inventory-alerts/abc/dismissal',
          headers: warehouse.auth,
        })
      ).statusCode,
    ).toBe(422);
  });
});
