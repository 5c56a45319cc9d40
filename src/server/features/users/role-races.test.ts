import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withActor } from '#server/db/client';
import { createRole, createUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';

// A role deleted while it is given to a user (the probe: a 500 in 1 of 10 rounds). What wins
// the race is the role row's lock: the deletion locks it FOR UPDATE, every writer of a user onto
// a role (the admin's user form, the customers' sign-up) locks it FOR SHARE until its commit, and
// the trigger users_role_is_live (migrations/0033) does the same for any other writer. Either
// the user is written first and the deletion counts it (409 "held by"), or the deletion is first
// and the role is no longer there (422, or a sign-up makes a new Customer role). On PostgreSQL the
// calls of a round run at once on their own connections; on PGlite one after the other.
const { app } = await createTestApp();
const db = app.ctx.db;
const admin = await createUser(app, 'Admin');
const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: admin.auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ROUNDS = 20;

let n = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(n++).toString(36)}`;
const liveOnDeadRoles = async () =>
  (
    await db.execute<{ n: number }>(
      sql`select count(*)::int as n from users u left join roles r on r.role_id = u.role_id
           where u.deleted_at is null and (r.role_id is null or r.deleted_at is not null)`,
    )
  ).rows[0]!.n;

function expectAnswer(
  res: { statusCode: number; body: string; json(): unknown },
  allowed: number[],
  what: string,
) {
  expect(allowed, `${what}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
  if (res.statusCode >= 400) expect(Object.keys(res.json() as object)).toEqual(['detail']);
}

describe('a role deleted while it is given to users', () => {
  it(`the deletion and the assignments agree in ${ROUNDS} rounds of parallel calls`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const name = unique('Night shift ');
      const roleId = await createRole(app, name);
      // odd rounds: a role only a deleted user held, which the deletion retires
      if (round % 2) {
        const old = await createUser(app, name);
        expect((await call('DELETE', `/api/users/${old.userId}`)).statusCode).toBe(204);
      }
      const target = await createUser(app, 'Manager');
      const login = unique('u');
      const [removed, moved, created, edited] = await Promise.all([
        call('DELETE', `/api/roles/${roleId}`),
        call('PUT', `/api/users/${target.userId}`, { role: name }),
        call('POST', '/api/users', {
          username: login,
          email: `${login}@example.test`,
          role: name,
          password: 'a-long-password',
        }),
        call('PUT', `/api/roles/${roleId}`, { accessRights: 'Night work' }),
      ]);
      expectAnswer(removed, [204, 409], `round ${round} delete`);
      expectAnswer(moved, [200, 422], `round ${round} move`);
      expectAnswer(created, [201, 422], `round ${round} create`);
      expectAnswer(edited, [200, 404], `round ${round} edit`);
      const given = [moved, created].filter((r) => r.statusCode < 300).length;
      if (removed.statusCode === 204) {
        // the deletion was first: the role was no longer there for the user writers
        expect(given, `round ${round}`).toBe(0);
        for (const r of [moved, created])
          expect(r.json()).toEqual({ detail: `role: there is no role named '${name}'` });
      } else {
        const held = /^Role '.+' is held by (\d) user\(s\): give them another role first$/.exec(
          removed.json().detail,
        );
        expect(held, removed.json().detail).not.toBeNull();
        expect(Number(held![1])).toBeGreaterThanOrEqual(1);
        expect(Number(held![1])).toBeLessThanOrEqual(given);
      }
    }
    expect(await liveOnDeadRoles()).toBe(0);
  });

  it(`the customers' sign-up and a deletion of the Customer role agree in ${ROUNDS} rounds`, async () => {
    let previous: number | undefined;
    for (let round = 0; round < ROUNDS; round++) {
      // the live Customer role, held at most by deleted users (the last round's sign-up, deleted)
      if (previous) expect((await call('DELETE', `/api/users/${previous}`)).statusCode).toBe(204);
      const roleId = await createRole(app, 'Customer');
      const login = unique('c');
      const [removed, signedUp] = await Promise.all([
        call('DELETE', `/api/roles/${roleId}`),
        app.inject({
          method: 'POST',
          url: '/api/auth/register_public_customer',
          remoteAddress: `10.24.0.${round + 1}`,
          payload: {
            username: login,
            password: 'a-long-password',
            name: 'New Shop',
            email: `${login}@example.test`,
          },
        }),
      ]);
      expectAnswer(removed, [204, 409], `round ${round} delete`);
      expectAnswer(signedUp, [201], `round ${round} sign-up`);
      const holds = await db.execute<{ role_id: number }>(
        sql`select role_id from users where lower(user_name) = lower(${login})`,
      );
      if (removed.statusCode === 409) {
        // the sign-up was first: it holds the role the deletion counted
        expect(removed.json().detail).toBe(
          "Role 'Customer' is held by 1 user(s): give them another role first",
        );
        expect(holds.rows[0]!.role_id).toBe(roleId);
      } else {
        // the deletion was first: the sign-up waited for it and made a new Customer role
        expect(holds.rows[0]!.role_id).not.toBe(roleId);
      }
      previous = (signedUp.json() as { user_id: number }).user_id;
    }
    expect((await call('DELETE', `/api/users/${previous}`)).statusCode).toBe(204);
    expect(await liveOnDeadRoles()).toBe(0);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('the interleaving that answered 500 (PostgreSQL)', () => {
  it('a sign-up during an uncommitted retirement of the Customer role waits for it, then makes a new role', async () => {
    const roleId = await createRole(app, 'Customer');
    // a role only deleted users held (the test before), retired by a transaction that holds the
    // row until released (the sign-up read it unlocked, wrote its customer, then met the role
    // trigger after the commit: a 500)
    let release!: () => void;
    let started!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const ready = new Promise<void>((r) => {
      started = r;
    });
    const deletion = withActor(db, admin.userId, async (tx) => {
      await tx.execute(sql`update roles set deleted_at = now() where role_id = ${roleId}`);
      started();
      await gate;
    });
    await Promise.race([ready, deletion]);
    const login = unique('c');
    const signingUp = app.inject({
      method: 'POST',
      url: '/api/auth/register_public_customer',
      remoteAddress: '10.24.1.1',
      payload: {
        username: login,
        password: 'a-long-password',
        name: 'New Shop',
        email: `${login}@example.test`,
      },
    });
    await new Promise((r) => setTimeout(r, 300));
    release();
    await deletion;
    const res = await signingUp;
    expect(res.statusCode, res.body).toBe(201);
    const role = await db.execute<{ role_id: number; live: boolean }>(
      sql`select r.role_id, r.deleted_at is null as live from users u join roles r on r.role_id = u.role_id
           where lower(u.user_name) = lower(${login})`,
    );
    expect(role.rows[0]!.role_id).not.toBe(roleId);
    expect(role.rows[0]!.live).toBe(true);
  });
});
