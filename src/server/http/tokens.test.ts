import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens';

const SECRET = 'a-secret-that-is-long-enough-for-hs256-signing';
const key = new TextEncoder().encode(SECRET);
const now = new Date('2026-03-01T10:00:00Z');
const tokens = createTokenService(SECRET, 60, () => now);
const seconds = Math.floor(now.getTime() / 1000);

/** A token signed with the real secret, with exactly the claims given. */
function signed(claims: { sub?: string; exp?: number; ver?: unknown }) {
  const jwt = new SignJWT(claims.ver === undefined ? {} : { ver: claims.ver })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(seconds);
  if (claims.sub !== undefined) jwt.setSubject(claims.sub);
  if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
  return jwt.sign(key);
}

describe('token service', () => {
  it('accepts its own tokens until they expire', async () => {
    const token = await tokens.sign(42);
    expect(await tokens.verify(token)).toBe(42);
    const later = createTokenService(SECRET, 60, () => new Date(now.getTime() + 61 * 60_000));
    expect(await later.verify(token)).toBeNull();
  });

  it('refuses a correctly signed token without an expiry or without a subject', async () => {
    expect(await tokens.verify(await signed({ sub: '42' }))).toBeNull();
    expect(await tokens.verify(await signed({ exp: seconds + 60 }))).toBeNull();
  });

  it('refuses a subject that is not an id the users table can hold', async () => {
    for (const sub of [
      '2147483648',
      '0',
      '-1',
      '1e1',
      '0x19',
      '42.0',
      ' 42',
      'admin',
      '99999999999999999999',
    ]) {
      expect(await tokens.verify(await signed({ sub, exp: seconds + 60 })), sub).toBeNull();
    }
    expect(await tokens.verify(await signed({ sub: '2147483647', exp: seconds + 60 }))).toBe(2147483647);
  });

  it('remembers a verified token only until it expires, on the clock it reads', async () => {
    let at = now;
    const service = createTokenService(SECRET, 60, () => at);
    const token = await service.sign(7);
    expect(await service.verify(token)).toBe(7);
    expect(await service.verify(token)).toBe(7);
    at = new Date(now.getTime() + 60 * 60_000 - 1000);
    expect(await service.verify(token)).toBe(7);
    at = new Date(now.getTime() + 60 * 60_000);
    expect(await service.verify(token)).toBeNull();
    expect(await service.verify(token)).toBeNull();
  });

  it('never accepts a tampered copy of a token it has verified', async () => {
    const token = await tokens.sign(42);
    expect(await tokens.verify(token)).toBe(42);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherSub = Buffer.from(JSON.stringify({ sub: '1', exp: seconds + 3600 })).toString('base64url');
    expect(await tokens.verify(`${header}.${otherSub}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${header}.${payload}.${signature.slice(0, -2)}AA`)).toBeNull();
  });

  it("carries the user's token version (decision 0069): 0 when absent, refused when not a count", async () => {
    expect(await tokens.claims(await tokens.sign(42, 3))).toEqual({
      userId: 42,
      version: 3,
      exp: seconds + 3600,
    });
    expect(await tokens.claims(await tokens.sign(42))).toMatchObject({ version: 0 });
    expect(await tokens.claims(await signed({ sub: '42', exp: seconds + 60 }))).toMatchObject({ version: 0 });
    for (const ver of [-1, 1.5, '2', null, 2 ** 53]) {
      expect(
        await tokens.claims(await signed({ sub: '42', exp: seconds + 60, ver })),
        String(ver),
      ).toBeNull();
    }
  });
});
