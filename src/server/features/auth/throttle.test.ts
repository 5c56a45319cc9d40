import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { addressKey } from './throttle';

const WINDOW = 15 * 60_000;
const t = await createTestApp({
  throttleRules: {
    account: { max: 3, windowMs: WINDOW },
    address: { max: 5, windowMs: WINDOW },
    registration: { max: 2, windowMs: 60 * 60_000 },
  },
});
const { app } = t;
const db = app.ctx.db;

function login(username: string, password: string, ip: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ username, password }).toString(),
  });
}

const throttleRows = async () =>
  (
    await db.execute<{ key: string; attempts: number }>(
      sql`select key, attempts from auth_throttle order by key`,
    )
  ).rows;

describe('sign-in throttle (in the database)', () => {
  it('lets exactly the allowed number of a parallel burst of guesses through', async () => {
    const user = await createUser(app, 'Manager');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(user.userName, `guess-${i}`, `10.1.0.${i + 1}`)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(17);
  });

  it('counts a username and its email as one account', async () => {
    const user = await createUser(app, 'Manager');
    expect((await login(user.userName, 'bad', '10.2.0.1')).statusCode).toBe(401);
    expect((await login(user.email.toUpperCase(), 'bad', '10.2.0.2')).statusCode).toBe(401);
    expect((await login(` ${user.userName.toUpperCase()} `, 'bad', '10.2.0.3')).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, '10.2.0.4')).statusCode).toBe(429);
  });

  it('a success clears the account count and gives the address its attempt back', async () => {
    const user = await createUser(app, 'Manager');
    for (let i = 0; i < 2; i++) expect((await login(user.userName, 'bad', '10.3.0.1')).statusCode).toBe(401);
    expect((await login(user.userName, TEST_PASSWORD, '10.3.0.1')).statusCode).toBe(200);
    const rows = await throttleRows();
    expect(rows.find((r) => r.key === `user:${user.userId}`)).toBeUndefined();
    expect(rows.find((r) => r.key === 'signin-ip:10.3.0.1')?.attempts).toBe(2);
    for (let i = 0; i < 3; i++) expect((await login(user.userName, 'bad', '10.3.0.2')).statusCode).toBe(401);
  });

  it('limits one address more loosely, across accounts, without touching other addresses', async () => {
    const names = ['nobody-1', 'nobody-2', 'nobody-3', 'nobody-4', 'nobody-5'];
    for (const name of names) expect((await login(name, 'bad', '10.4.0.1')).statusCode).toBe(401);
    const blocked = await login('nobody-6', 'bad', '10.4.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
    expect((await login('nobody-6', 'bad', '10.4.0.2')).statusCode).toBe(401);
    // an IPv6 client is counted by its /64 network
    for (let i = 1; i <= 5; i++) await login(`v6-${i}`, 'bad', `2001:db8:aa:1::${i}`);
    expect((await login('v6-6', 'bad', '2001:db8:aa:1:ffff::9')).statusCode).toBe(429);
    expect((await login('v6-6', 'bad', '2001:db8:aa:2::1')).statusCode).toBe(401);
  });

  it('keeps bounded state: short keys whatever the login, expired rows deleted', async () => {
    const long = 'x'.repeat(200);
    expect((await login(long, 'bad', '10.5.0.1')).statusCode).toBe(401);
    const huge = await login('y'.repeat(201), 'bad', '10.5.0.1');
    expect(huge.statusCode).toBe(422);
    expect(huge.json().detail).toMatch(/username: must be at most 200 characters|at most 200/);
    const tooLongPassword = await login('someone', 'p'.repeat(201), '10.5.0.1');
    expect(tooLongPassword.statusCode).toBe(422);
    const tenMegabytes = await login('z'.repeat(10 * 1024 * 1024), 'bad', '10.5.0.1');
    expect(tenMegabytes.statusCode).toBe(413);
    expect(tenMegabytes.json()).toEqual({ detail: 'Request body too large' });
    const rows = await throttleRows();
    expect(rows.length).toBeGreaterThan(0);
    expect(Math.max(...rows.map((r) => r.key.length))).toBeLessThanOrEqual(100);
    t.setNow(new Date(Date.now() + WINDOW + 2 * 60_000));
    await login('after-the-window', 'bad', '10.5.0.2');
    t.setNow(new Date());
    const left = (await throttleRows()).map((r) => r.key);
    expect(left).toHaveLength(2); // only the last attempt's account and address keys
    expect(left).toContain('signin-ip:10.5.0.2');
  });
});

describe('public registration', () => {
  const registration = (n: number) => ({
    username: `reg${n}${Date.now().toString(36)}`,
    password: 'a-long-password',
    name: 'Nimal Perera',
    email: `reg${n}${Date.now().toString(36)}@example.lk`,
  });

  it('is rate-limited per address, with Retry-After', async () => {
    const register = (n: number, ip: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/register_public_customer',
        remoteAddress: ip,
        payload: registration(n),
      });
    expect((await register(1, '10.6.0.1')).statusCode).toBe(201);
    expect((await register(2, '10.6.0.1')).statusCode).toBe(201);
    const third = await register(3, '10.6.0.1');
    expect(third.statusCode).toBe(429);
    expect(third.json().detail).toMatch(/^Too many registrations from your network/);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect((await register(4, '10.6.0.2')).statusCode).toBe(201);
  });

  it('takes JSON only: a form-encoded body (what a foreign site’s form sends) creates nothing', async () => {
    const before = (await db.execute<{ n: number }>(sql`select count(*)::int as n from users`)).rows[0]!.n;
    for (const type of [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/register_public_customer',
        remoteAddress: '10.6.0.9',
        headers: { 'content-type': type },
        payload: new URLSearchParams(registration(9)).toString(),
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json().detail).toBe(
        `Unsupported content type ${type.split(';')[0]}: this endpoint takes application/json`,
      );
    }
    expect((await db.execute<{ n: number }>(sql`select count(*)::int as n from users`)).rows[0]!.n).toBe(
      before,
    );
  });
});

describe('client address', () => {
  it('is the socket address unless TRUST_PROXY says whose X-Forwarded-For to believe', async () => {
    const behindProxy = await createTestApp({
      trustProxy: '127.0.0.1',
      throttleRules: t.app.ctx.authThrottle.rules,
    });
    const user = await createUser(behindProxy.app, 'Manager');
    const viaProxy = (client: string) =>
      behindProxy.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '127.0.0.1',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': client },
        payload: new URLSearchParams({ username: user.userName, password: 'bad' }).toString(),
      });
    await viaProxy('203.0.113.7');
    const rows = (
      await behindProxy.app.ctx.db.execute<{ key: string }>(sql`select key from auth_throttle`)
    ).rows.map((r) => r.key);
    expect(rows).toContain('signin-ip:203.0.113.7');
    // without trust, the header is ignored
    await login(user.userName, 'bad', '10.7.0.1', { 'x-forwarded-for': '198.51.100.1' });
    expect((await throttleRows()).map((r) => r.key)).toContain('signin-ip:10.7.0.1');
    // it builds a second app (a migrated database) inside the test: slow on a loaded machine
  }, 120_000);

  it('addressKey: IPv4 as is, IPv4-mapped IPv6 as IPv4, IPv6 by /64', () => {
    expect(addressKey('10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:0db8:0001:0002:0003:0004:0005:0006')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
