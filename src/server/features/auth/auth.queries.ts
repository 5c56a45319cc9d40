import { eq, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { customers, employees, roles, users } from '#server/db/schema';
import { userColumns } from '#server/http/user-lookup';
import type { Language } from '#shared/contract/auth';

export { findUserById, findUsersByIds } from '#server/http/user-lookup';

/** Usernames and emails are unique case-insensitively; either signs in. */
export async function findUserByLogin(db: Executor, login: string) {
  const rows = await db
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.roleId, users.roleId))
    .leftJoin(employees, eq(employees.employeeId, users.employeeId))
    .where(sql`lower(${users.userName}) = lower(${login}) or lower(${users.email}) = lower(${login})`)
    .orderBy(sql`lower(${users.userName}) = lower(${login}) desc`)
    .limit(1);
  return rows[0];
}

export async function touchLastLogin(db: Executor, userId: number, at: Date) {
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.userId, userId));
}

export async function findTakenIdentity(db: Executor, userName: string, email: string) {
  const rows = await db
    .select({ userName: users.userName, email: users.email })
    .from(users)
    .where(sql`lower(${users.userName}) = lower(${userName}) or lower(${users.email}) = lower(${email})`);
  return {
    userNameTaken: rows.some((r) => r.userName.toLowerCase() === userName.toLowerCase()),
    emailTaken: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

/**
 * The role self-registered customers get; created on first use on a database without demo data.
 * Locked FOR SHARE until the user is written, as the admin's user form locks a role it gives
 * (users.service.ts): a deletion of the role in progress is waited for and then seen (a new
 * Customer role is made), and a deletion that comes later counts this user and is refused.
 */
export async function findOrCreateCustomerRole(db: Executor): Promise<number> {
  const existing = await db
    .select({ roleId: roles.roleId })
    .from(roles)
    .where(sql`lower(${roles.roleName}) = 'customer' and ${roles.deletedAt} is null`)
    .for('share');
  if (existing[0]) return existing[0].roleId;
  const [created] = await db
    .insert(roles)
    .values({ roleName: 'Customer', accessRights: 'Own orders, order history, invoices, support' })
    .onConflictDoNothing()
    .returning({ roleId: roles.roleId });
  if (created) return created.roleId;
  return findOrCreateCustomerRole(db);
}

export async function insertCustomer(db: Executor, values: typeof customers.$inferInsert) {
  const [row] = await db.insert(customers).values(values).returning({ customerId: customers.customerId });
  return row!.customerId;
}

/**
 * The id the next user will have, taken from the users' sequence before anything is written: a
 * registration acts as the user it makes, so its audit rows (the customer's too) can name them.
 */
export async function reserveUserId(db: Executor): Promise<number> {
  const res = await db.execute<{ user_id: number }>(
    sql`select nextval(pg_get_serial_sequence('users', 'user_id'))::int as user_id`,
  );
  return res.rows[0]!.user_id;
}

/** Sets the acting user of the transaction's audit rows (as withActor does at its start). */
export async function actAs(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`select set_config('app.user_id', ${String(userId)}, true)`);
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning({ userId: users.userId });
  return row!.userId;
}

/** The name of a customer record (null when there is none). */
export async function findCustomerName(db: Executor, customerId: number): Promise<string | null> {
  const rows = await db
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.customerId, customerId));
  return rows[0]?.name ?? null;
}

/** Stores a user's language (the database's CHECK is the last word on its value). */
export async function setUserLanguage(db: Executor, userId: number, language: Language): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ language })
    .where(eq(users.userId, userId))
    .returning({ userId: users.userId });
  return rows.length > 0;
}
