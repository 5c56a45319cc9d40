import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { type Executor, withActor } from '#server/db/client';
import { lockAdmins } from '#server/features/users/index';
import type { AuthUser } from '#server/http/auth-context';
import { conflict, notFound, pgErrorCode, unprocessable } from '#server/http/errors';
import type { CreateEmployeeRequest, Employee, UpdateEmployeeRequest } from '#shared/contract/employees';
import { listEmployees } from './employees.queries';

async function findEmployee(db: Executor, employeeId: number): Promise<Employee | undefined> {
  const rows = await listEmployees(db, { includeInactive: true, employeeId });
  return rows[0];
}

/** The store must exist; the database's CHECKs hold type and weekly limit. */
function storeRace(err: unknown): never {
  if (pgErrorCode(err) === '23503') throw unprocessable('store_id: there is no such store');
  throw err;
}

export async function createEmployee(ctx: AppContext, actor: AuthUser, input: CreateEmployeeRequest) {
  const id = await withActor(ctx.db, actor.userId, async (tx) => {
    const res = await tx.execute<{ employee_id: number }>(
      sql`insert into employees (first_name, last_name, type, store_id, weekly_hour_limit, contact_number)
          values (${input.firstName.trim()}, ${input.lastName.trim()}, ${input.type}, ${input.store_id ?? null},
                  ${input.weekly_hour_limit ?? null}, ${input.contact_number || null})
          returning employee_id`,
    );
    return res.rows[0]!.employee_id;
  }).catch(storeRace);
  return (await findEmployee(ctx.db, id))!;
}

export async function updateEmployee(
  ctx: AppContext,
  actor: AuthUser,
  employeeId: number,
  input: UpdateEmployeeRequest,
) {
  const sets: SQL[] = [];
  if (input.firstName !== undefined) sets.push(sql`first_name = ${input.firstName.trim()}`);
  if (input.lastName !== undefined) sets.push(sql`last_name = ${input.lastName.trim()}`);
  if (input.type !== undefined) sets.push(sql`type = ${input.type}`);
  if (input.store_id !== undefined) sets.push(sql`store_id = ${input.store_id}`);
  if (input.weekly_hour_limit !== undefined) sets.push(sql`weekly_hour_limit = ${input.weekly_hour_limit}`);
  if (input.contact_number !== undefined) sets.push(sql`contact_number = ${input.contact_number || null}`);
  if (input.is_active !== undefined) sets.push(sql`is_active = ${input.is_active}`);
  const updated = await withActor(ctx.db, actor.userId, async (tx) => {
    // a former employee's login is refused (decision 0069): the last admin's record stays active
    if (input.is_active === false) {
      const admins = await lockAdmins(tx);
      if (admins.length > 0 && admins.every((a) => a.employee_id === employeeId)) {
        throw conflict(`Employee ${employeeId}'s login is the last admin: make another user an admin first`);
      }
    }
    const res = await tx.execute(
      sql`update employees set ${sql.join(sets, sql`, `)} where employee_id = ${employeeId} returning employee_id`,
    );
    return res.rows.length > 0;
  }).catch(storeRace);
  if (!updated) throw notFound(`Employee ${employeeId} not found`);
  return (await findEmployee(ctx.db, employeeId))!;
}
