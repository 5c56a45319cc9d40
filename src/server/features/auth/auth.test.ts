import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';

const t = await createTestApp({
  throttleRules: { account: { max: 3, windowMs: 15 * 60_000 }, address: { max: 6, windowMs: 15 * 60_000 } },
});
const { app } = t;

function loginRequest(username: string, password: string, ip = '10.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password, scope: '', grant_type: 'password' }).toString(),
  });
}

const registration = (overrides: Record<string, unknown> = {}) => ({
  username: `newbie${Math.floor(Math.random() * 1e9)}`,
  password: 'a-long-password',
  name: 'Nimal Perera',
  type: 'Retail',
  address: '12 Temple Road',
  city: 'Galle',
  contactNumber: '+94 77 123 4567',
  email: `n${Math.floor(Math.random() * 1e9)}@example.lk`,
  ...overrides,
});

describe('POST /api/auth/login', () => {
  it('answers a bearer token for the right password, case-insensitive username', async () => {
    const user = await createUser(app, 'Manager');
    const res = await loginRequest(user.userName.toUpperCase(), TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token_type).toBe('bearer');
    const profile = await app.inject({
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(profile.json()).toMatchObject({ user_id: user.userId, user_name: user.userName, role: 'Manager' });
  });

  it('gives the same 401 detail for a wrong password and an unknown user', async () => {
    const user = await createUser(app, 'Manager');
    const wrongPassword = await loginRequest(user.userName, 'not-the-password', '10.0.0.2');
    const unknownUser = await loginRequest('nobody-here', 'whatever', '10.0.0.2');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ detail: 'Incorrect username or password' });
    expect(unknownUser.json()).toEqual(wrongPassword.json());
  });

  it('names the missing field when the form is incomplete', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=someone',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/password/);
  });

  it('rate-limits repeated failures per account, from any address, until the window has passed', async () => {
    const user = await createUser(app, 'Admin');
    for (let i = 0; i < 3; i++)
      expect((await loginRequest(user.userName, 'bad', '10.0.0.3')).statusCode).toBe(401);
    const blocked = await loginRequest(user.userName, TEST_PASSWORD, '10.0.0.3');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toBe('Too many failed sign-in attempts. Try again in 15 minute(s).');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // the account is protected from every address, and by its email as well
    expect((await loginRequest(user.userName, TEST_PASSWORD, '10.0.0.4')).statusCode).toBe(429);
    expect((await loginRequest(user.email, TEST_PASSWORD, '10.0.0.4')).statusCode).toBe(429);
    t.setNow(new Date(Date.now() + 16 * 60 * 1000));
    expect((await loginRequest(user.userName, TEST_PASSWORD, '10.0.0.3')).statusCode).toBe(200);
    t.setNow(new Date());
  });
});

describe('GET /api/auth/profile and tokens', () => {
  it('is 401 without a token, with a tampered token and with an expired one', async () => {
    const user = await createUser(app, 'Customer');
    expect((await app.inject({ url: '/api/auth/profile' })).statusCode).toBe(401);
    const [head, payload, signature] = user.token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '1', iat: 1, exp: 9999999999 })).toString('base64url');
    for (const token of [`${head}.${forged}.${signature}`, `${head}.${payload}.${signature}x`, 'garbage']) {
      const res = await app.inject({
        url: '/api/auth/profile',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Invalid or expired token' });
    }
    const ok = await app.inject({ url: '/api/auth/profile', headers: user.auth });
    expect(ok.json()).toMatchObject({ customer_id: user.customerId, employee_id: null, email: user.email });
    t.setNow(new Date(Date.now() + 481 * 60 * 1000));
    const expired = await app.inject({ url: '/api/auth/profile', headers: user.auth });
    t.setNow(new Date());
    expect(expired.statusCode).toBe(401);
  });

  it('is 403 for a role that has no portal', async () => {
    const visitor = await createUser(app, 'Visitor');
    const res = await app.inject({ url: '/api/auth/profile', headers: visitor.auth });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/Visitor/);
  });
});

describe('PUT /api/auth/profile/language', () => {
  const setLanguage = (auth: Record<string, string> | undefined, language: unknown) =>
    app.inject({ method: 'PUT', url: '/api/auth/profile/language', headers: auth, payload: { language } });

  it("stores the signed-in user's language for any role, and only theirs", async () => {
    const driver = await createUser(app, 'Driver');
    const customer = await createUser(app, 'Customer');
    const before = await app.inject({ url: '/api/auth/profile', headers: driver.auth });
    expect(before.json().language).toBeNull();

    const res = await setLanguage(driver.auth, 'si');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user_id: driver.userId,
      employee_id: driver.employeeId,
      language: 'si',
    });
    // read again (through the user cache, which the change emptied): it follows the person
    expect((await app.inject({ url: '/api/auth/profile', headers: driver.auth })).json().language).toBe('si');
    expect((await setLanguage(customer.auth, 'ta')).json().language).toBe('ta');
    expect((await app.inject({ url: '/api/auth/profile', headers: driver.auth })).json().language).toBe('si');
    expect((await app.inject({ url: '/api/auth/profile', headers: customer.auth })).json()).toMatchObject({
      customer_id: customer.customerId,
      language: 'ta',
    });
  });

  it('refuses an unknown language with 422 naming it, and a caller without a token with 401', async () => {
    const user = await createUser(app, 'Manager');
    await setLanguage(user.auth, 'en');
    for (const bad of ['fr', 'SI', '', null]) {
      const res = await setLanguage(user.auth, bad);
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.json().detail).toMatch(/language/);
      expect(res.json().detail).toMatch(/en, si, ta/);
    }
    expect((await setLanguage(undefined, 'si')).statusCode).toBe(401);
    const stored = await app.ctx.db.execute<{ language: string }>(
      sql`select language from users where user_id = ${user.userId}`,
    );
    expect(stored.rows[0]!.language).toBe('en');
  });
});

describe('POST /api/auth/register_public_customer', () => {
  it('creates a Retail customer with a customer-role user, then signs in', async () => {
    const payload = registration();
    const res = await app.inject({ method: 'POST', url: '/api/auth/register_public_customer', payload });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      user_name: payload.username,
      email: payload.email,
      role: 'Customer',
      language: null,
    });
    const customer = await app.ctx.db.execute<{ type: string; name: string; city: string }>(
      sql`select type, name, city from customers where customer_id = ${body.customer_id}`,
    );
    expect(customer.rows[0]).toEqual({ type: 'Retail', name: 'Nimal Perera', city: 'Galle' });
    expect((await loginRequest(payload.username, payload.password, '10.0.1.1')).statusCode).toBe(200);
  });

  it('refuses a taken username or email (any case) with 409 and writes nothing', async () => {
    const first = registration();
    await app.inject({ method: 'POST', url: '/api/auth/register_public_customer', payload: first });
    const count = async () =>
      (await app.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from customers`)).rows[0]!.n;
    const before = await count();
    const sameName = await app.inject({
      method: 'POST',
      url: '/api/auth/register_public_customer',
      payload: registration({ username: first.username.toUpperCase() }),
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().detail).toBe(`Username '${first.username.toUpperCase()}' is already taken`);
    const sameEmail = await app.inject({
      method: 'POST',
      url: '/api/auth/register_public_customer',
      payload: registration({ email: first.email.toUpperCase() }),
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().detail).toMatch(/already registered/);
    expect(await count()).toBe(before);
  });

  it('names the invalid field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register_public_customer',
      payload: registration({ email: 'not-an-email' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/email/);
  });
});

describe('audit log', () => {
  it('records the acting user of a sign-in and the rows of a registration', async () => {
    const user = await createUser(app, 'Manager');
    await loginRequest(user.userName, TEST_PASSWORD, '10.0.2.1');
    const rows = await app.ctx.db.execute<{ operation: string; performed_by: number; has_hash: boolean }>(
      sql`select operation, performed_by, (new_row ? 'password_hash') as has_hash from audit_log
          where table_name = 'users' and row_key = ${String(user.userId)} order by audit_id`,
    );
    expect(rows.rows.map((r) => r.operation)).toEqual(['INSERT', 'UPDATE']);
    expect(rows.rows[1]?.performed_by).toBe(user.userId);
    expect(rows.rows.every((r) => r.has_hash === false)).toBe(true);
  });
});
