import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { isoTimestamp } from '#server/db/sql-helpers';
import type { Role, User } from '#shared/contract/users';

/**
 * A role name that leads to the admin portal (case-insensitive "contains":
 * docs/product/business-rules.md#roles-and-portals).
 */
const ADMIN_ROLE = sql`r.role_name ilike '%admin%'`;

const userColumns = sql`u.user_id, u.user_name, u.email, r.role_name as role, u.role_id, u.employee_id,
  u.customer_id, coalesce(trim(e.first_name || ' ' || e.last_name), c.name) as linked_name, u.is_active,
  ${isoTimestamp('u.created_at')} as created_at, ${isoTimestamp('u.last_login_at')} as last_login_at`;
const userJoins = sql`from users u
  join roles r on r.role_id = u.role_id
  left join employees e on e.employee_id = u.employee_id
  left join customers c on c.customer_id = u.customer_id`;

export async function listUsers(
  db: Executor,
  filter: { q?: string; roleId?: number; limit: number; offset: number },
): Promise<{ total: number; rows: User[] }> {
  const conditions: SQL[] = [sql`u.deleted_at is null`];
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    conditions.push(sql`(u.user_name ilike ${like} or u.email ilike ${like} or r.role_name ilike ${like})`);
  }
  if (filter.roleId) conditions.push(sql`u.role_id = ${filter.roleId}`);
  const where = sql.join(conditions, sql` and `);
  const [rows, count] = await Promise.all([
    db.execute<User>(
      sql`select ${userColumns} ${userJoins} where ${where}
          order by lower(u.user_name), u.user_id limit ${filter.limit} offset ${filter.offset}`,
    ),
    db.execute<{ n: number }>(sql`select count(*)::int as n ${userJoins} where ${where}`),
  ]);
  return { total: count.rows[0]?.n ?? 0, rows: rows.rows };
}

export async function findUser(db: Executor, userId: number): Promise<User | undefined> {
  const res = await db.execute<User>(
    sql`select ${userColumns} ${userJoins} where u.user_id = ${userId} and u.deleted_at is null`,
  );
  return res.rows[0];
}

/**
 * A live role by name (retired ones keep their name for history only: migrations/0033). `share`
 * locks it for a user about to hold it: a retirement in progress is waited for and then seen.
 */
export async function findRoleByName(db: Executor, name: string, share = false) {
  const res = await db.execute<{ role_id: number; role_name: string }>(
    sql`select role_id, role_name from roles where lower(role_name) = lower(${name}) and deleted_at is null
        ${share ? sql`for share` : sql``}`,
  );
  return res.rows[0];
}

/** Usernames and emails stay taken by deleted users too (their history keeps their name). */
export async function takenBy(db: Executor, field: 'user_name' | 'email', value: string, exceptUserId = 0) {
  const column = sql.raw(field);
  const res = await db.execute<{ user_id: number; deleted: boolean }>(
    sql`select user_id, deleted_at is not null as deleted from users
        where lower(${column}) = lower(${value}) and user_id <> ${exceptUserId}`,
  );
  return res.rows[0];
}

/** The active admins, locked, so that two admins cannot remove each other at the same moment. */
export async function lockAdmins(db: Executor) {
  // a login linked to a former employee cannot sign in (decision 0069): it keeps no admin
  const res = await db.execute<{ user_id: number; role_id: number; employee_id: number | null }>(
    sql`select u.user_id, u.role_id, u.employee_id from users u join roles r on r.role_id = u.role_id
        left join employees e on e.employee_id = u.employee_id
        where ${ADMIN_ROLE} and u.deleted_at is null and u.is_active and coalesce(e.is_active, true)
        order by u.user_id for update of u`,
  );
  return res.rows;
}

export async function employeeLink(db: Executor, employeeId: number, exceptUserId = 0) {
  const res = await db.execute<{ exists: boolean; linked_user: string | null }>(
    sql`select true as exists,
          (select user_name from users where employee_id = e.employee_id and deleted_at is null
              and user_id <> ${exceptUserId} limit 1) as linked_user
        from employees e where e.employee_id = ${employeeId}`,
  );
  return res.rows[0];
}

export async function customerExists(db: Executor, customerId: number) {
  const res = await db.execute(sql`select 1 from customers where customer_id = ${customerId}`);
  return res.rows.length > 0;
}

export async function insertUser(
  db: Executor,
  v: {
    userName: string;
    email: string;
    passwordHash: string;
    roleId: number;
    employeeId: number | null;
    customerId: number | null;
  },
) {
  const res = await db.execute<{ user_id: number }>(
    sql`insert into users (user_name, email, password_hash, role_id, employee_id, customer_id)
        values (${v.userName}, ${v.email}, ${v.passwordHash}, ${v.roleId}, ${v.employeeId}, ${v.customerId})
        returning user_id`,
  );
  return res.rows[0]!.user_id;
}

export async function updateUser(
  db: Executor,
  userId: number,
  v: {
    userName?: string;
    email?: string;
    passwordHash?: string;
    roleId?: number;
    employeeId?: number | null;
    customerId?: number | null;
  },
) {
  const sets: SQL[] = [];
  if (v.userName !== undefined) sets.push(sql`user_name = ${v.userName}`);
  if (v.email !== undefined) sets.push(sql`email = ${v.email}`);
  if (v.passwordHash !== undefined) sets.push(sql`password_hash = ${v.passwordHash}`);
  if (v.roleId !== undefined) sets.push(sql`role_id = ${v.roleId}`);
  if (v.employeeId !== undefined) sets.push(sql`employee_id = ${v.employeeId}`);
  if (v.customerId !== undefined) sets.push(sql`customer_id = ${v.customerId}`);
  if (sets.length === 0) return;
  await db.execute(sql`update users set ${sql.join(sets, sql`, `)} where user_id = ${userId}`);
}

/** Retires a user: no sign-in, out of the lists; its orders and audit rows keep pointing at it. */
export async function retireUser(db: Executor, userId: number, at: Date) {
  await db.execute(
    sql`update users set is_active = false, deleted_at = ${at.toISOString()} where user_id = ${userId}`,
  );
}

export async function lockUser(db: Executor, userId: number) {
  const res = await db.execute<{
    user_id: number;
    role_id: number;
    role_name: string;
    customer_id: number | null;
    employee_id: number | null;
  }>(
    sql`select u.user_id, u.role_id, r.role_name, u.customer_id, u.employee_id
        from users u join roles r on r.role_id = u.role_id
        where u.user_id = ${userId} and u.deleted_at is null for update of u`,
  );
  return res.rows[0];
}

const roleColumns = sql`r.role_id, r.role_name, r.access_rights as "accessRights",
  (select count(*) from users u where u.role_id = r.role_id and u.deleted_at is null)::int as user_count`;

/** The live roles (retired ones are out of the lists and pickers). */
export async function listRoles(db: Executor): Promise<Omit<Role, 'portal'>[]> {
  const res = await db.execute<Omit<Role, 'portal'>>(
    sql`select ${roleColumns} from roles r where r.deleted_at is null order by lower(r.role_name)`,
  );
  return res.rows;
}

export async function findRole(db: Executor, roleId: number): Promise<Omit<Role, 'portal'> | undefined> {
  const res = await db.execute<Omit<Role, 'portal'>>(
    sql`select ${roleColumns} from roles r where r.role_id = ${roleId} and r.deleted_at is null`,
  );
  return res.rows[0];
}

export async function lockRole(db: Executor, roleId: number) {
  const res = await db.execute<{ role_id: number; role_name: string }>(
    sql`select role_id, role_name from roles where role_id = ${roleId} and deleted_at is null for update`,
  );
  return res.rows[0];
}

export async function insertRole(db: Executor, name: string, accessRights: string) {
  const res = await db.execute<{ role_id: number }>(
    sql`insert into roles (role_name, access_rights) values (${name}, ${accessRights}) returning role_id`,
  );
  return res.rows[0]!.role_id;
}

export async function updateRole(db: Executor, roleId: number, v: { name?: string; accessRights?: string }) {
  const sets: SQL[] = [];
  if (v.name !== undefined) sets.push(sql`role_name = ${v.name}`);
  if (v.accessRights !== undefined) sets.push(sql`access_rights = ${v.accessRights}`);
  if (sets.length)
    await db.execute(sql`update roles set ${sql.join(sets, sql`, `)} where role_id = ${roleId}`);
}

/** Users holding the role: active ones, and deleted ones (whose history refers to it). */
export async function roleHolders(db: Executor, roleId: number) {
  const res = await db.execute<{ active: number; deleted: number }>(
    sql`select count(*) filter (where deleted_at is null)::int as active,
               count(*) filter (where deleted_at is not null)::int as deleted
        from users where role_id = ${roleId}`,
  );
  return res.rows[0]!;
}

export async function deleteRole(db: Executor, roleId: number) {
  await db.execute(sql`delete from roles where role_id = ${roleId}`);
}

/**
 * Retires a role only deleted users held: out of the lists and pickers, its name free for a new
 * role, its row kept so those users and their history still read its name (migrations/0033).
 */
export async function retireRole(db: Executor, roleId: number, at: Date) {
  await db.execute(sql`update roles set deleted_at = ${at.toISOString()} where role_id = ${roleId}`);
}
