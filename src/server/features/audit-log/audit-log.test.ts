import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCustomer, createProduct, createUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { createStore, createTruck } from '#server/test/scheduling-factories';

const { app } = await createTestApp();
const db = app.ctx.db;
const admin = await createUser(app, 'Admin');
const list = (query: string) => app.inject({ url: `/api/auditlog?${query}`, headers: admin.auth });

describe('GET /api/auditlog', () => {
  it('lists a change made through the API with its actor, key and before/after values', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: admin.auth,
      payload: { role_name: 'Night shift', accessRights: 'none' },
    });
    const roleId = created.json().role_id as number;
    await app.inject({
      method: 'PUT',
      url: `/api/roles/${roleId}`,
      headers: admin.auth,
      payload: { accessRights: 'Deliveries at night' },
    });
    const res = await list('table=roles&operation=UPDATE');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.headers['x-total-count-exact']).toBe('true');
    const [row] = res.json();
    expect(row).toMatchObject({
      operation: 'UPDATE',
      table_name: 'roles',
      performed_by: admin.userId,
      actor_name: admin.userName,
      row_key: String(roleId),
    });
    expect(row.old_values.access_rights).toBe('none');
    expect(row.new_values.access_rights).toBe('Deliveries at night');
    expect(row.performed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('filters by actor, text, period and pages with the total in X-Total-Count', async () => {
    for (const name of ['Audit A', 'Audit B', 'Audit C']) {
      await app.inject({
        method: 'POST',
        url: '/api/roles',
        headers: admin.auth,
        payload: { role_name: name, accessRights: 'x' },
      });
    }
    const mine = await list(`actor=${admin.userId}&q=role&operation=INSERT&page_size=2`);
    expect(mine.headers['x-total-count']).toBe('4');
    expect(mine.json()).toHaveLength(2);
    const page2 = await list(`actor=${admin.userId}&q=role&operation=INSERT&page_size=2&page=2`);
    expect(page2.json()).toHaveLength(2);
    const ids = [...mine.json(), ...page2.json()].map((r: { audit_id: number }) => r.audit_id);
    expect(new Set(ids).size).toBe(4);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // and the factory's Admin role, written without an actor
    const all = await list('q=insert&table=roles');
    expect(all.headers['x-total-count']).toBe('5');
    expect(all.json().filter((r: { actor_name: string | null }) => r.actor_name === null)).toHaveLength(1);
    expect((await list('from=2000-01-01&to=2000-01-31')).json()).toEqual([]);
    expect((await list('from=2030-01-02&to=2030-01-01')).statusCode).toBe(422);
    expect((await list('operation=DROP')).statusCode).toBe(422);
  });

  it('names what each row changed as people do, with the admin screen that shows it', async () => {
    const product = await createProduct(app, { name: 'Kandy Tea 500 g', units: 20 });
    const store = await createStore(app);
    const truck = await createTruck(app, store.storeId);
    const manager = await createUser(app, 'Manager');
    type Row = { table_name: string; row_key: string; subject: string; link: string | null };
    const rows = async (table: string) => (await list(`table=${table}&page_size=100`)).json() as Row[];
    const of = async (table: string, key: string | number) => {
      const found = (await rows(table)).find((r) => r.row_key === String(key));
      expect(found, `${table} #${key}`).toBeDefined();
      return found!;
    };

    expect(await of('products', product.productId)).toMatchObject({
      subject: 'Product Kandy Tea 500 g',
      link: `/admin/reports?report=product-performance&product=${product.productId}`,
    });
    const movement = (await rows('stock_movements')).find((r) => r.subject.includes('Kandy Tea'));
    expect(movement).toMatchObject({
      subject: 'Stock movement of Kandy Tea 500 g (+20)',
      link: `/admin/reports?report=product-performance&product=${product.productId}`,
    });
    expect(await of('users', manager.userId)).toMatchObject({
      subject: `User ${manager.userName}`,
      link: `/admin/users?q=${encodeURIComponent(manager.userName)}`,
    });
    expect(await of('trucks', truck.truckId)).toMatchObject({
      subject: `Truck ${truck.plateNumber}`,
      link: '/admin/fleet',
    });
    expect(await of('stores', store.storeId)).toMatchObject({
      subject: `${store.cityName} store`,
      link: '/admin/fleet?tab=stores',
    });
    expect(await of('routes', store.routeId)).toMatchObject({
      subject: `Route ${store.routeName}`,
      link: '/admin/fleet?tab=routes',
    });
    // an order links to the order's page of the customer-orders report
    const customer = await createCustomer(app);
    const order = await db.execute<{ order_id: number }>(
      sql`insert into orders (customer_id, schedule_date, status)
          values (${customer.customerId}, '2030-01-01', 'Pending') returning order_id`,
    );
    const orderId = order.rows[0]!.order_id;
    expect(await of('orders', orderId)).toMatchObject({
      subject: `Order #${orderId}`,
      link: `/admin/reports?report=customer-orders&order=${orderId}`,
    });
    // a table without a name of its own still reads as words
    const all = (await list('page_size=100')).json() as Row[];
    for (const row of all) {
      expect(row.subject).not.toMatch(/_/);
    }
  });

  it('can be neither changed nor deleted, whoever writes the SQL', async () => {
    const attempts = [
      sql`update audit_log set operation = 'DELETE'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ];
    for (const attempt of attempts) {
      await expect(db.execute(attempt)).rejects.toThrow();
    }
    const res = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where table_name = 'roles'`,
    );
    expect(res.rows[0]!.n).toBeGreaterThanOrEqual(5);
  });
});
