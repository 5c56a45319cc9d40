import { sql } from 'drizzle-orm';
import type { BuiltApp } from '../app';
import { withActor } from '../db/client';
import { customers, employees, products, roles, stockMovements, users } from '../db/schema';
import { hashPassword } from '../features/auth/password';

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
    sql`select role_id from roles where lower(role_name) = lower(${roleName})`,
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
