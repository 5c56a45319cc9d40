import type { AppContext } from '#server/context';
import { type Tx, withActor } from '#server/db/client';
import { hashPassword } from '#server/domain/password';
import type { AuthUser } from '#server/http/auth-context';
import { conflict, notFound, pgConstraint, pgErrorCode, unprocessable } from '#server/http/errors';
import type { CreateUserRequest, UpdateUserRequest, User } from '#shared/contract/users';
import { portalForRole } from '#shared/roles';
import * as q from './users.queries';

const LAST_ADMIN = 'the last admin: make another user an admin first';

/** The live role a user is to hold, locked FOR SHARE until the user is written (migrations/0033). */
async function requireRole(tx: Tx, name: string) {
  const role = await q.findRoleByName(tx, name, true);
  if (!role) throw unprocessable(`role: there is no role named '${name}'`);
  return role;
}

async function checkIdentity(tx: Tx, input: { username?: string; email?: string }, exceptUserId = 0) {
  if (input.username !== undefined) {
    const taken = await q.takenBy(tx, 'user_name', input.username, exceptUserId);
    if (taken) {
      throw conflict(
        taken.deleted
          ? `Username '${input.username}' belonged to a deleted user and stays reserved for its history`
          : `Username '${input.username}' is already taken`,
      );
    }
  }
  if (input.email !== undefined) {
    const taken = await q.takenBy(tx, 'email', input.email, exceptUserId);
    if (taken) {
      throw conflict(
        taken.deleted
          ? `Email '${input.email}' belonged to a deleted user and stays reserved for its history`
          : `Email '${input.email}' is already used by another user`,
      );
    }
  }
}

async function checkLinks(
  tx: Tx,
  input: { employee_id?: number | null; customer_id?: number | null },
  exceptUserId = 0,
) {
  if (input.employee_id) {
    const link = await q.employeeLink(tx, input.employee_id, exceptUserId);
    if (!link) throw unprocessable(`employee_id: there is no employee ${input.employee_id}`);
    if (link.linked_user) {
      throw conflict(`Employee ${input.employee_id} already has a login (${link.linked_user})`);
    }
  }
  if (input.customer_id && !(await q.customerExists(tx, input.customer_id))) {
    throw unprocessable(`customer_id: there is no customer ${input.customer_id}`);
  }
}

/**
 * A customer role belongs to a customer's login (linked to the customer, customer_id): a staff
 * account takes a staff role (docs/decisions/0067). Customers sign up themselves.
 */
function checkRoleFitsAccount(
  roleName: string,
  link: { customer_id?: number | null; employee_id?: number | null },
) {
  if (portalForRole(roleName) !== 'customer') return;
  if (link.employee_id) {
    throw unprocessable(
      `role: '${roleName}' is a customer role, and a staff member's login needs a staff role (admin, manager, warehouse, driver or assistant)`,
    );
  }
  if (!link.customer_id) {
    throw unprocessable(
      `role: '${roleName}' is a customer role: a staff account needs a staff role (admin, manager, warehouse, driver or assistant); customers sign up themselves`,
    );
  }
}

/** The unique indexes and the role triggers (migrations/0033) decide a race that the checks above lost. */
function uniqueRace(err: unknown): never {
  if (pgErrorCode(err) === '23505') throw conflict('That username or email is already taken');
  if (pgConstraint(err) === 'users_role_is_live') throw conflict('That role was deleted meanwhile');
  throw err;
}

export async function createUser(ctx: AppContext, actor: AuthUser, input: CreateUserRequest): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  return withActor(ctx.db, actor.userId, async (tx) => {
    const role = await requireRole(tx, input.role);
    checkRoleFitsAccount(role.role_name, input);
    await checkIdentity(tx, { username: input.username, email: input.email });
    await checkLinks(tx, input);
    const userId = await q.insertUser(tx, {
      userName: input.username.trim(),
      email: input.email.trim(),
      passwordHash,
      roleId: role.role_id,
      employeeId: input.employee_id ?? null,
      customerId: input.customer_id ?? null,
    });
    // read in the transaction: a deletion right after the commit cannot empty the answer
    return (await q.findUser(tx, userId))!;
  }).catch(uniqueRace);
}

export async function updateUser(
  ctx: AppContext,
  actor: AuthUser,
  userId: number,
  input: UpdateUserRequest,
): Promise<User> {
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  return withActor(ctx.db, actor.userId, async (tx) => {
    const admins = input.role !== undefined ? await q.lockAdmins(tx) : [];
    const user = await q.lockUser(tx, userId);
    if (!user) throw notFound(`User ${userId} not found`);
    let roleId: number | undefined;
    if (input.role !== undefined) {
      const role = await requireRole(tx, input.role);
      roleId = role.role_id;
      checkRoleFitsAccount(role.role_name, {
        customer_id: input.customer_id === undefined ? user.customer_id : input.customer_id,
        employee_id: input.employee_id === undefined ? user.employee_id : input.employee_id,
      });
      const wasAdmin = portalForRole(user.role_name) === 'admin';
      const staysAdmin = portalForRole(role.role_name) === 'admin';
      if (wasAdmin && !staysAdmin && admins.length <= 1) {
        throw conflict(`${actor.userId === userId ? 'You are' : `User ${userId} is`} ${LAST_ADMIN}`);
      }
    }
    await checkIdentity(tx, { username: input.username, email: input.email }, userId);
    await checkLinks(tx, input, userId);
    await q.updateUser(tx, userId, {
      userName: input.username?.trim(),
      email: input.email?.trim(),
      passwordHash,
      roleId,
      employeeId: input.employee_id,
      customerId: input.customer_id,
    });
    return (await q.findUser(tx, userId))!;
  }).catch(uniqueRace);
}

export async function deleteUser(ctx: AppContext, actor: AuthUser, userId: number): Promise<void> {
  if (actor.userId === userId) throw conflict('You cannot delete your own account');
  await withActor(ctx.db, actor.userId, async (tx) => {
    const admins = await q.lockAdmins(tx);
    const user = await q.lockUser(tx, userId);
    if (!user) throw notFound(`User ${userId} not found`);
    if (portalForRole(user.role_name) === 'admin' && admins.length <= 1) {
      throw conflict(`User ${userId} is ${LAST_ADMIN}`);
    }
    await q.retireUser(tx, userId, ctx.clock());
  });
}

export async function listRoles(ctx: AppContext) {
  const rows = await q.listRoles(ctx.db);
  return rows.map((r) => ({ ...r, portal: portalForRole(r.role_name) }));
}

/** Read in the writing transaction: a deletion right after the commit cannot empty the answer. */
async function roleAnswer(tx: Tx, roleId: number) {
  const role = (await q.findRole(tx, roleId))!;
  return { ...role, portal: portalForRole(role.role_name) };
}

function roleNameRace(name: string) {
  return (err: unknown): never => {
    if (pgErrorCode(err) === '23505') throw conflict(`A role named '${name}' already exists`);
    throw err;
  };
}

export async function createRole(
  ctx: AppContext,
  actor: AuthUser,
  input: { role_name: string; accessRights: string },
) {
  return withActor(ctx.db, actor.userId, async (tx) => {
    if (await q.findRoleByName(tx, input.role_name)) {
      throw conflict(`A role named '${input.role_name}' already exists`);
    }
    return roleAnswer(tx, await q.insertRole(tx, input.role_name, input.accessRights));
  }).catch(roleNameRace(input.role_name));
}

export async function updateRole(
  ctx: AppContext,
  actor: AuthUser,
  roleId: number,
  input: { role_name?: string; accessRights?: string },
) {
  return withActor(ctx.db, actor.userId, async (tx) => {
    const admins = input.role_name !== undefined ? await q.lockAdmins(tx) : [];
    const role = await q.lockRole(tx, roleId);
    if (!role) throw notFound(`Role ${roleId} not found`);
    if (input.role_name !== undefined) {
      const same = await q.findRoleByName(tx, input.role_name);
      if (same && same.role_id !== roleId) throw conflict(`A role named '${input.role_name}' already exists`);
      const stopsAdmin =
        portalForRole(role.role_name) === 'admin' && portalForRole(input.role_name) !== 'admin';
      if (stopsAdmin && admins.length > 0 && admins.every((a) => a.role_id === roleId)) {
        throw conflict(
          `Renaming '${role.role_name}' to '${input.role_name}' would leave no admin: every admin holds this role`,
        );
      }
    }
    await q.updateRole(tx, roleId, { name: input.role_name, accessRights: input.accessRights });
    return roleAnswer(tx, roleId);
  }).catch(roleNameRace(input.role_name ?? ''));
}

/**
 * DELETE /roles/{id}: refused while a user holds the role. A role only deleted users held is
 * retired (they and their history keep its name); a role nobody ever held is deleted
 * (docs/decisions/0061).
 */
export async function deleteRole(ctx: AppContext, actor: AuthUser, roleId: number): Promise<void> {
  const held = (name: string, n: number) =>
    conflict(`Role '${name}' is held by ${n} user(s): give them another role first`);
  let name = '';
  await withActor(ctx.db, actor.userId, async (tx) => {
    const role = await q.lockRole(tx, roleId);
    if (!role) throw notFound(`Role ${roleId} not found`);
    name = role.role_name;
    const holders = await q.roleHolders(tx, roleId);
    if (holders.active > 0) throw held(role.role_name, holders.active);
    if (holders.deleted > 0) await q.retireRole(tx, roleId, ctx.clock());
    else await q.deleteRole(tx, roleId);
  }).catch((err: unknown) => {
    // the trigger's count, should a user have been given the role after ours
    if (pgConstraint(err) === 'roles_retire_unheld')
      throw conflict(`Role '${name}' was given to a user meanwhile: give them another role first`);
    throw err;
  });
}
