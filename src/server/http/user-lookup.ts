import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { employees, roles, users } from '#server/db/schema';
import type { Language } from '#shared/contract/auth';

/**
 * The users behind tokens, as authentication (authenticate.ts, user-cache.ts) and the event
 * streams read them; the auth feature signs in with the same columns (auth.queries.ts).
 */
export const userColumns = {
  userId: users.userId,
  userName: users.userName,
  email: users.email,
  passwordHash: users.passwordHash,
  /**
   * A login linked to a former employee (employees.is_active false) is inactive too: it neither
   * signs in nor passes with an older token (decision 0069).
   */
  isActive: sql<boolean>`${users.isActive} and coalesce(${employees.isActive}, true)`,
  role: roles.roleName,
  customerId: users.customerId,
  employeeId: users.employeeId,
  /** Tokens signed under another version are refused (migrations/0036). */
  tokenVersion: users.tokenVersion,
  /** The language the user chose (migrations/0042), null when never chosen. */
  language: sql<Language | null>`${users.language}`,
};

export async function findUserById(db: Executor, userId: number) {
  const rows = await db
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.roleId, users.roleId))
    .leftJoin(employees, eq(employees.employeeId, users.employeeId))
    .where(eq(users.userId, userId));
  return rows[0];
}

/** The users of these ids (as findUserById reads each), by id; a user that is gone is absent. */
export async function findUsersByIds(db: Executor, userIds: readonly number[]) {
  const found = new Map<number, NonNullable<Awaited<ReturnType<typeof findUserById>>>>();
  for (let i = 0; i < userIds.length; i += 1000) {
    const rows = await db
      .select(userColumns)
      .from(users)
      .innerJoin(roles, eq(roles.roleId, users.roleId))
      .leftJoin(employees, eq(employees.employeeId, users.employeeId))
      .where(inArray(users.userId, userIds.slice(i, i + 1000)));
    for (const row of rows) found.set(row.userId, row);
  }
  return found;
}
