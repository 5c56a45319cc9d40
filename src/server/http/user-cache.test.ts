import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withActor } from '../db/client';
import { createRole, createUser } from '../test/factories';
import { createTestApp } from '../test/harness';

// The user behind a token is kept in memory (no query per request) and dropped when the
// database says the user or a role changed (migration 0006_users_changed_notify, LISTEN/NOTIFY), on both databases.
const { app } = await createTestApp({ cacheUsers: true });
const db = app.ctx.db;

const profile = (auth: { authorization: string }) =>
  app.inject({ method: 'GET', url: '/api/auth/profile', headers: auth });

/** Changes a row without its triggers: what a cached entry would not hear about. */
const silently = (statement: ReturnType<typeof sql>) =>
  withActor(db, null, async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });

describe('the user check on every request', () => {
  it('answers from memory once the user was read', async () => {
    const manager = await createUser(app, 'Manager');
    const trains = () => app.inject({ method: 'GET', url: '/api/train-trips', headers: manager.auth });
    expect((await trains()).statusCode).toBe(200);
    // made a customer behind the cache's back (no notification): the cached manager still answers
    const customerRole = await createRole(app, 'Customer');
    await silently(sql`update users set role_id = ${customerRole} where user_id = ${manager.userId}`);
    expect((await trains()).statusCode).toBe(200);
  });

  it('sees a change of the user as soon as the database announces it', async () => {
    const manager = await createUser(app, 'Manager');
    expect((await profile(manager.auth)).statusCode).toBe(200);
    await db.execute(
      sql`update users set user_name = ${`${manager.userName}-renamed`} where user_id = ${manager.userId}`,
    );
    await expect
      .poll(async () => ((await profile(manager.auth)).json() as { user_name: string }).user_name, {
        timeout: 3000,
      })
      .toBe(`${manager.userName}-renamed`);
  });

  it('refuses a user who was deactivated or deleted, and follows a role change', async () => {
    const a = await createUser(app, 'Manager');
    const b = await createUser(app, 'Manager');
    const c = await createUser(app, 'Manager');
    for (const u of [a, b, c]) expect((await profile(u.auth)).statusCode).toBe(200);
    const trains = (auth: { authorization: string }) =>
      app.inject({ method: 'GET', url: '/api/train-trips', headers: auth });
    expect((await trains(c.auth)).statusCode).toBe(200);

    await db.execute(sql`update users set is_active = false where user_id = ${a.userId}`);
    await db.execute(sql`delete from users where user_id = ${b.userId}`);
    const customerRole = await createRole(app, 'Customer');
    await db.execute(sql`update users set role_id = ${customerRole} where user_id = ${c.userId}`);

    await expect.poll(async () => (await profile(a.auth)).statusCode, { timeout: 3000 }).toBe(401);
    await expect.poll(async () => (await profile(b.auth)).statusCode, { timeout: 3000 }).toBe(401);
    await expect.poll(async () => (await trains(c.auth)).statusCode, { timeout: 3000 }).toBe(403);
  });

  it('drops every user when a role is renamed', async () => {
    const roleId = await createRole(app, `Manager ${Date.now()}`);
    const m = await createUser(app, 'Manager');
    await db.execute(sql`update users set role_id = ${roleId} where user_id = ${m.userId}`);
    await expect
      .poll(async () => ((await profile(m.auth)).json() as { role?: string }).role, { timeout: 3000 })
      .toMatch(/^Manager \d+$/);
    await db.execute(
      sql`update roles set role_name = 'Customer Renamed' || role_id where role_id = ${roleId}`,
    );
    await expect
      .poll(async () => ((await profile(m.auth)).json() as { role?: string }).role, { timeout: 3000 })
      .toMatch(/^Customer Renamed/);
  });
});
