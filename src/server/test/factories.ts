import { sql } from 'drizzle-orm';
import { hashPassword } from '#server/domain/password';
import type { Portal } from '#shared/roles';
import type { BuiltApp } from '../app';
import { withActor } from '../db/client';
import { customers, employees, products, roles, stockMovements, users } from '../db/schema';

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

let cachedHash: Promise<string> | undefined;
export const TEST_PASSWORD = 'correct-horse-battery';
const testHash = () => {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  return cachedHash;
};

export async function createRole(app: BuiltApp, roleName: string): Promise<number> {
  const db = app.ctx.db;
  const found = await db.execute<{ role_id: number }>(
    sql`select role_id from roles where lower(role_name) = lower(${roleName}) and deleted_at is null`,
  );
  if (found.rows[0]) return found.rows[0].role_id;
  const [row] = await db.insert(roles).values({ roleName, accessRights: 'test' }).returning();
  return row!.roleId;
}

export async function createCustomer(app: BuiltApp, values: Partial<typeof customers.$inferInsert> = {}) {
  const [row] = await app.ctx.db
    .insert(customers)
    .values({ name: unique('Customer '), type: 'Retail', address: '1 Main St', city: 'Colombo', ...values })
    .returning();
  return row!;
}

export interface TestUser {
  userId: number;
  userName: string;
  email: string;
  customerId: number | null;
  employeeId: number | null;
  token: string;
  auth: { authorization: string };
}

/** A user of the given role text; customers get a customer record, drivers/assistants an employee. */
export async function createUser(
  app: BuiltApp,
  role: string,
  options: { userName?: string } = {},
): Promise<TestUser> {
  const db = app.ctx.db;
  const roleId = await createRole(app, role);
  const lower = role.toLowerCase();
  let customerId: number | null = null;
  let employeeId: number | null = null;
  if (lower.includes('customer')) customerId = (await createCustomer(app)).customerId;
  if (lower.includes('driver') || lower.includes('assistant')) {
    const [emp] = await db
      .insert(employees)
      .values({
        firstName: 'Test',
        lastName: unique('E'),
        type: lower.includes('assistant') ? 'Assistant' : 'Driver',
      })
      .returning();
    employeeId = emp!.employeeId;
  }
  const userName = options.userName ?? unique('user');
  const email = `${userName}@example.test`;
  const [user] = await db
    .insert(users)
    .values({ userName, email, passwordHash: await testHash(), roleId, customerId, employeeId })
    .returning();
  const token = await app.ctx.tokens.sign(user!.userId);
  return {
    userId: user!.userId,
    userName,
    email,
    customerId,
    employeeId,
    token,
    auth: { authorization: `Bearer ${token}` },
  };
}

export async function createProduct(
  app: BuiltApp,
  values: Partial<typeof products.$inferInsert> & { units?: number } = {},
) {
  const { units = 100, ...rest } = values;
  return withActor(app.ctx.db, null, async (tx) => {
    const [product] = await tx
      .insert(products)
      .values({ name: unique('Product '), category: 'Household', unitPrice: 10, spacePerUnit: 0.5, ...rest })
      .returning();
    if (units > 0) {
      await tx
        .insert(stockMovements)
        .values({ productId: product!.productId, delta: units, reason: 'initial' });
    }
    return { ...product!, availableUnits: units };
  });
}

/** A city with its store and one route, for orders that need a destination. */
export async function createCityWithRoute(app: BuiltApp, name: string, towns: string[]) {
  const db = app.ctx.db;
  const city = await db.execute<{ city_id: number }>(
    sql`insert into cities (name) values (${name}) on conflict do nothing returning city_id`,
  );
  const cityId =
    city.rows[0]?.city_id ??
    (await db.execute<{ city_id: number }>(sql`select city_id from cities where name = ${name}`)).rows[0]!
      .city_id;
  const store = await db.execute<{ store_id: number }>(
    sql`insert into stores (city_id, address, near_station_name) values (${cityId}, 'Station Road', ${`${name} Station`})
        returning store_id`,
  );
  const route = await db.execute<{ route_id: number }>(
    sql`insert into routes (store_id, name, end_location, covered_towns, max_delivery_hours)
        values (${store.rows[0]!.store_id}, ${`${name} route`}, ${towns[0] ?? name},
                ${`{${towns.join(',')}}`}, 4) returning route_id`,
  );
  return { cityId, routeId: route.rows[0]!.route_id };
}

/** YYYY-MM-DD a number of days from today (UTC), for schedule dates. */
export function daysFromNow(days: number, from = new Date()): string {
  const d = new Date(from);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Places an order through the API as the given customer user. */
export async function placeOrderAs(
  app: BuiltApp,
  user: TestUser,
  items: Array<{ productID: number; quantity: number }>,
  extra: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/customers/${user.customerId}/orders`,
    headers: user.auth,
    payload: { scheduleDate: daysFromNow(10), items, deliveryAddress: '5 Lake Road, Kandy', ...extra },
  });
}

/**
 * An order of one product placed through the API, then given a requested date `scheduleInDays`
 * from today (negative: in the past), placed a week before it (the lead time the schema holds
 * orders to): for figures that depend on requested and delivery dates.
 */
export async function placeOrderRequestedIn(
  app: BuiltApp,
  user: TestUser,
  productId: number,
  scheduleInDays: number,
): Promise<number> {
  const res = await placeOrderAs(app, user, [{ productID: productId, quantity: 1 }]);
  if (res.statusCode !== 201) throw new Error(`placeOrderRequestedIn: ${res.statusCode} ${res.body}`);
  const id = (res.json() as { order_id: number }).order_id;
  await app.ctx.db.execute(
    sql`update orders set schedule_date = ${daysFromNow(scheduleInDays)},
                          order_date = ${daysFromNow(scheduleInDays - 7)}::timestamp at time zone 'UTC'
         where order_id = ${id}`,
  );
  return id;
}

/** A multipart/form-data body for inject(). */
export function multipart(
  fields: Record<string, string>,
  files: Array<{ name: string; filename: string; data: Buffer; type: string }>,
) {
  const boundary = `----kp${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A role name that opens each portal (the crew's: Driver). */
export const PORTAL_ROLES: Record<Portal, string> = {
  admin: 'Admin',
  manager: 'Manager',
  warehouse: 'Warehouse Manager',
  assistant: 'Driver',
  customer: 'Customer',
};

/** One user per portal, each of its role in PORTAL_ROLES (or the role `roles` names instead). */
export async function createPortalUsers(
  app: BuiltApp,
  roles: Partial<Record<Portal, string>> = {},
): Promise<Map<Portal, TestUser>> {
  const made = new Map<Portal, TestUser>();
  for (const [portal, role] of Object.entries({ ...PORTAL_ROLES, ...roles }))
    made.set(portal as Portal, await createUser(app, role));
  return made;
}
