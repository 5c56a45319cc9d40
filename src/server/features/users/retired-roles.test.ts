import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withActor } from '#server/db/client';
import { pgConstraint, pgErrorCode } from '#server/http/errors';
import { createRole, createUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';

// A role held only by deleted users can be deleted: it is retired and they keep its name
// (docs/decisions/0061, migrations/0033).
const { app } = await createTestApp();
const db = app.ctx.db;
const admin = await createUser(app, 'Admin');
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: admin.auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let n = 0;
const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${(n++).toString(36)}`;
const newUser = (role: string) =>
  call('POST', '/api/users', {
    username: uniqueName('user').replace(' ', '.'),
    email: `${uniqueName('u').replace(' ', '.')}@example.test`,
    role,
    password: 'a-long-password',
  });
const roleRow = async (roleId: number) =>
  (
    await db.execute<{ role_name: string; retired: boolean }>(
      sql`select role_name, deleted_at is not null as retired from roles where role_id = ${roleId}`,
    )
  ).rows[0];
const listed = async () =>
  ((await call('GET', '/api/roles')).json() as { role_id: number }[]).map((r) => r.role_id);

/** A role with `count` users, all deleted through the API. */
async function roleOfDeletedUsers(count = 1) {
  const name = uniqueName('Night shift');
  const roleId = await createRole(app, name);
  const userIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const user = await createUser(app, name);
    expect((await call('DELETE', `/api/users/${user.userId}`)).statusCode).toBe(204);
    userIds.push(user.userId);
  }
  return { name, roleId, userIds };
}

describe('DELETE /api/roles/{id}', () => {
  it('retires a role that only deleted users held: gone from lists and pickers, its name kept for them', async () => {
    const { name, roleId, userIds } = await roleOfDeletedUsers(2);
    const res = await call('DELETE', `/api/roles/${roleId}`);
    expect(res.statusCode).toBe(204);

    // out of the list, the user form's role picker (a user cannot be given it) and the search
    expect(await listed()).not.toContain(roleId);
    const given = await newUser(name);
    expect(given.statusCode).toBe(422);
    expect(given.json()).toEqual({ detail: `role: there is no role named '${name}'` });
    const search = (await call('GET', `/api/search?q=${encodeURIComponent(name)}`)).json();
    const roleHits = search.groups.find((g: { kind: string }) => g.kind === 'role')?.hits ?? [];
    expect(roleHits.map((h: { id: number }) => h.id)).not.toContain(roleId);
    // nor edited or deleted again
    expect((await call('PUT', `/api/roles/${roleId}`, { accessRights: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/roles/${roleId}`)).statusCode).toBe(404);

    // the deleted users still read its name, in the search's history of users too
    expect(await roleRow(roleId)).toEqual({ role_name: name, retired: true });
    const holders = await db.execute<{ role: string }>(
      sql`select r.role_name as role from users u join roles r on r.role_id = u.role_id
          where u.user_id in (${sql.join(
            userIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    expect(holders.rows).toEqual([{ role: name }, { role: name }]);
    // the audit log records who retired it, with its name
    const audit = await db.execute<{ performed_by: number; name: string; retired: boolean }>(
      sql`select performed_by, new_row ->> 'role_name' as name, new_row ->> 'deleted_at' is not null as retired
          from audit_log where table_name = 'roles' and operation = 'UPDATE' and row_key = ${String(roleId)}`,
    );
    expect(audit.rows).toEqual([{ performed_by: admin.userId, name, retired: true }]);
  });

  it('deletes outright a role nobody ever held', async () => {
    const roleId = await createRole(app, uniqueName('Unused'));
    expect((await call('DELETE', `/api/roles/${roleId}`)).statusCode).toBe(204);
    expect(await roleRow(roleId)).toBeUndefined();
  });

  it('still refuses a role an active user holds, naming how many (deleted holders do not count)', async () => {
    const { name, roleId } = await roleOfDeletedUsers(1);
    await createUser(app, name);
    await createUser(app, name);
    const res = await call('DELETE', `/api/roles/${roleId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: `Role '${name}' is held by 2 user(s): give them another role first`,
    });
    expect(await roleRow(roleId)).toEqual({ role_name: name, retired: false });
  });

  it("lets a new role take a retired role's name; live names stay unique", async () => {
    const { name, roleId } = await roleOfDeletedUsers(1);
    expect((await call('DELETE', `/api/roles/${roleId}`)).statusCode).toBe(204);
    const again = await call('POST', '/api/roles', {
      role_name: name.toUpperCase(),
      accessRights: 'Night work',
    });
    expect(again.statusCode).toBe(201);
    const newId = again.json().role_id as number;
    expect(newId).not.toBe(roleId);
    expect(await listed()).toContain(newId);
    // users are given the live one
    const user = await newUser(name);
    expect(user.statusCode).toBe(201);
    expect(user.json().role_id).toBe(newId);
    // and its name is taken again among the live roles
    const dup = await call('POST', '/api/roles', { role_name: name, accessRights: 'x' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe(`A role named '${name}' already exists`);
    const renamed = await call('POST', '/api/roles', { role_name: uniqueName('Other'), accessRights: 'x' });
    const rename = await call('PUT', `/api/roles/${renamed.json().role_id}`, { role_name: name });
    expect(rename.statusCode).toBe(409);
  });
});

describe('the database keeps retired roles unheld', () => {
  const refused = async (statement: ReturnType<typeof sql>, constraint: string) => {
    const err = await withActor(db, null, (tx) => tx.execute(statement)).catch((e: unknown) => e);
    // the constraint named, as the service reads it to answer 409
    expect(pgErrorCode(err)).toBe('23514');
    expect(pgConstraint(err)).toBe(constraint);
  };

  it('refuses a live user on a retired role, retiring a held role, and changing a retired one', async () => {
    const retired = await roleOfDeletedUsers(1);
    expect((await call('DELETE', `/api/roles/${retired.roleId}`)).statusCode).toBe(204);
    await refused(
      sql`insert into users (user_name, email, password_hash, role_id)
          values (${uniqueName('x')}, ${`${uniqueName('x').replace(' ', '')}@example.test`}, 'x', ${retired.roleId})`,
      'users_role_is_live',
    );
    const live = await createUser(app, 'Manager');
    await refused(
      sql`update users set role_id = ${retired.roleId} where user_id = ${live.userId}`,
      'users_role_is_live',
    );

    const heldId = await createRole(app, uniqueName('Held'));
    const [holder] = (
      await db.execute<{ role_name: string }>(sql`select role_name from roles where role_id = ${heldId}`)
    ).rows;
    await createUser(app, holder!.role_name);
    await refused(sql`update roles set deleted_at = now() where role_id = ${heldId}`, 'roles_retire_unheld');

    await refused(
      sql`update roles set role_name = 'Revived', deleted_at = null where role_id = ${retired.roleId}`,
      'roles_retired_stay',
    );
  });
});

/** A transaction that runs `first`, then holds its locks until `release` is called, then commits. */
function held(first: (tx: Parameters<Parameters<typeof withActor>[2]>[0]) => Promise<unknown>) {
  let release!: () => void;
  let ready!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const started = new Promise<void>((r) => {
    ready = r;
  });
  const done = withActor(db, admin.userId, async (tx) => {
    await first(tx);
    ready();
    await gate;
  });
  return { started, release, done };
}
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const liveOnRetired = async (roleId: number) =>
  (
    await db.execute<{ n: number }>(
      sql`select count(*)::int as n from users u join roles r on r.role_id = u.role_id
          where r.role_id = ${roleId} and u.deleted_at is null and r.deleted_at is not null`,
    )
  ).rows[0]!.n;
const insertUser = (roleId: number) => {
  const name = uniqueName('raw').replace(' ', '.');
  return sql`insert into users (user_name, email, password_hash, role_id)
             values (${name}, ${`${name}@example.test`}, 'x', ${roleId})`;
};

describe.runIf(process.env.TEST_DB === 'postgres')(
  'a role deleted while a user is given it (PostgreSQL)',
  () => {
    it('a user written first: the deletion waits for it, counts it and is refused', async () => {
      const { name, roleId } = await roleOfDeletedUsers(1);
      const tx = held((t) => t.execute(insertUser(roleId)));
      await tx.started;
      const removing = call('DELETE', `/api/roles/${roleId}`);
      await pause(300);
      tx.release();
      await tx.done;
      const res = await removing;
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(`Role '${name}' is held by 1 user(s): give them another role first`);
      expect(await roleRow(roleId)).toEqual({ role_name: name, retired: false });
    });

    it('a retirement first: the new user waits for it, then finds no such role', async () => {
      const { name, roleId } = await roleOfDeletedUsers(1);
      const tx = held((t) => t.execute(sql`update roles set deleted_at = now() where role_id = ${roleId}`));
      await tx.started;
      const creating = newUser(name);
      await pause(300);
      tx.release();
      await tx.done;
      const res = await creating;
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ detail: `role: there is no role named '${name}'` });
      expect(await liveOnRetired(roleId)).toBe(0);
    });

    it('the triggers alone hold the line for writers that skip the service, in either order', async () => {
      const first = await roleOfDeletedUsers(1);
      const userFirst = held((t) => t.execute(insertUser(first.roleId)));
      await userFirst.started;
      const retiring = withActor(db, null, (t) =>
        t.execute(sql`update roles set deleted_at = now() where role_id = ${first.roleId}`),
      ).catch((e: unknown) => e);
      await pause(300);
      userFirst.release();
      await userFirst.done;
      expect(pgConstraint(await retiring)).toBe('roles_retire_unheld');

      const second = await roleOfDeletedUsers(1);
      const retireFirst = held((t) =>
        t.execute(sql`update roles set deleted_at = now() where role_id = ${second.roleId}`),
      );
      await retireFirst.started;
      const inserting = withActor(db, null, (t) => t.execute(insertUser(second.roleId))).catch(
        (e: unknown) => e,
      );
      await pause(300);
      retireFirst.release();
      await retireFirst.done;
      expect(pgConstraint(await inserting)).toBe('users_role_is_live');
      expect(await liveOnRetired(first.roleId)).toBe(0);
      expect(await liveOnRetired(second.roleId)).toBe(0);
    });
  },
);
