import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crewScene } from '../test/crew-factories';
import { createUser, TEST_PASSWORD } from '../test/factories';
import { createTestApp } from '../test/harness';

// Issue 24, probe defect 7 (docs/decisions/0069, migrations/0036): an admin's password reset,
// a deactivation and a former employee's record end the tokens issued before them at once (the
// old token used to work for up to 8 h); the token signed after a reset works. The server as it
// runs: the users behind tokens cached, dropped through the database's notifications.
const { app, database } = await createTestApp({ cacheUsers: true });
const admin = await createUser(app, 'Admin');

const EXPIRED = { detail: 'Invalid or expired token' };
const profile = (auth: { authorization: string }) =>
  app.inject({ method: 'GET', url: '/api/auth/profile', headers: auth });
const signIn = (username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
  });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** The status the token gets once the change has reached the cache (notifications are asynchronous). */
const settlesTo = (call: () => Promise<{ statusCode: number }>, status: number) =>
  expect.poll(async () => (await call()).statusCode, { timeout: 10_000, interval: 25 }).toBe(status);

describe(`tokens end with a password reset and a deactivation (${database.kind})`, () => {
  it("refuses the tokens issued before an admin's password reset; the new password's token works", async () => {
    const manager = await createUser(app, 'Manager');
    const trains = (auth: { authorization: string }) =>
      app.inject({ method: 'GET', url: '/api/train-trips', headers: auth });
    expect((await trains(manager.auth)).statusCode).toBe(200);
    // a second token of the same user, signed in before the reset (another device)
    const before = await signIn(manager.userName, TEST_PASSWORD);
    expect(before.statusCode, before.body).toBe(200);

    const reset = await app.inject({
      method: 'PUT',
      url: `/api/users/${manager.userId}`,
      headers: admin.auth,
      payload: { password: 'the-new-password-1' },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    await settlesTo(() => trains(manager.auth), 401);
    expect((await trains(manager.auth)).json()).toEqual(EXPIRED);
    expect((await profile(bearer(before.json().access_token))).json()).toEqual(EXPIRED);
    expect((await signIn(manager.userName, TEST_PASSWORD)).statusCode).toBe(401);

    const after = await signIn(manager.userName, 'the-new-password-1');
    expect(after.statusCode, after.body).toBe(200);
    const fresh = bearer(after.json().access_token);
    expect((await trains(fresh)).statusCode).toBe(200);
    expect((await profile(fresh)).json()).toMatchObject({ user_id: manager.userId });
    // the old ones stay refused
    expect((await trains(manager.auth)).statusCode).toBe(401);
  });

  it('keeps the tokens of a change that is not a password (a new email)', async () => {
    const manager = await createUser(app, 'Manager');
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/users/${manager.userId}`,
      headers: admin.auth,
      payload: { email: `${manager.userName}.new@example.test` },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expect
      .poll(async () => (await profile(manager.auth)).json().email, { timeout: 10_000 })
      .toBe(`${manager.userName}.new@example.test`);
  });

  it("refuses a former employee's login: no confirmation, no sign-in, and the old token stays ended when taken back", async () => {
    const s = await crewScene(app, { orderCount: 1 });
    const o = s.orders[0]!;
    const started = await app.inject({
      method: 'POST',
      url: `/api/deliveries/${s.deliveryId}/start`,
      headers: s.driver.auth,
    });
    expect(started.statusCode, started.body).toBe(200);

    const former = await app.inject({
      method: 'PUT',
      url: `/api/employees/${s.assistant.employeeId}`,
      headers: admin.auth,
      payload: { is_active: false },
    });
    expect(former.statusCode, former.body).toBe(200);

    const confirm = () =>
      app.inject({
        method: 'POST',
        url: `/api/deliveries/${s.deliveryId}/confirm-item`,
        headers: s.assistant.auth,
        payload: { order_id: o.orderId, product_id: o.productIds[0] },
      });
    await settlesTo(confirm, 401);
    expect((await confirm()).json()).toEqual(EXPIRED);
    const confirmed = await app.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from item_confirmations where order_id = ${o.orderId}`,
    );
    expect(confirmed.rows[0]!.n).toBe(0);
    expect((await signIn(s.assistant.userName, TEST_PASSWORD)).statusCode).toBe(401);
    // the driver, still employed, goes on
    expect((await profile(s.driver.auth)).statusCode).toBe(200);

    // taken back: a fresh sign-in works, the token from before stays ended
    const back = await app.inject({
      method: 'PUT',
      url: `/api/employees/${s.assistant.employeeId}`,
      headers: admin.auth,
      payload: { is_active: true },
    });
    expect(back.statusCode, back.body).toBe(200);
    const again = await signIn(s.assistant.userName, TEST_PASSWORD);
    expect(again.statusCode, again.body).toBe(200);
    await settlesTo(() => profile(bearer(again.json().access_token)), 200);
    expect((await profile(s.assistant.auth)).statusCode).toBe(401);
  });

  it('ends the tokens of a deactivated user for good, whatever wrote the row', async () => {
    const manager = await createUser(app, 'Manager');
    expect((await profile(manager.auth)).statusCode).toBe(200);
    await app.ctx.db.execute(sql`update users set is_active = false where user_id = ${manager.userId}`);
    await settlesTo(() => profile(manager.auth), 401);
    await app.ctx.db.execute(sql`update users set is_active = true where user_id = ${manager.userId}`);
    // once the active row is read again (a fresh sign-in's token passes), the old one is still refused
    const again = await signIn(manager.userName, TEST_PASSWORD);
    expect(again.statusCode, again.body).toBe(200);
    await settlesTo(() => profile(bearer(again.json().access_token)), 200);
    expect((await profile(manager.auth)).json()).toEqual(EXPIRED);
  });

  it("keeps the last admin's staff record active (its login would end with it)", async () => {
    // `admin` is this file's only admin; linked to a staff record, the record cannot be made former
    const [employee] = (
      await app.ctx.db.execute<{ employee_id: number }>(
        sql`insert into employees (first_name, last_name, type) values ('Last', 'Admin', 'Admin') returning employee_id`,
      )
    ).rows;
    await app.ctx.db.execute(
      sql`update users set employee_id = ${employee!.employee_id} where user_id = ${admin.userId}`,
    );
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/employees/${employee!.employee_id}`,
      headers: admin.auth,
      payload: { is_active: false },
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      detail: `Employee ${employee!.employee_id}'s login is the last admin: make another user an admin first`,
    });
    expect((await profile(admin.auth)).statusCode).toBe(200);
    await app.ctx.db.execute(sql`update users set employee_id = null where user_id = ${admin.userId}`);
  });
});
