import { jwtVerify, SignJWT } from 'jose';

export interface TokenService {
  sign(userId: number): Promise<string>;
  /** The user id of a valid token, or null for a missing, tampered or expired one. */
  verify(token: string): Promise<number | null>;
}

export function createTokenService(secret: string, ttlMinutes: number, clock: () => Date): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(userId) {
      const now = Math.floor(clock().getTime() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(now)
        .setExpirationTime(now + ttlMinutes * 60)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: clock() });
        const id = Number(payload.sub);
        return Number.isInteger(id) && id > 0 ? id : null;
      } catch {
        return null;
      }
    },
  };
}
