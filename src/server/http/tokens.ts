import { jwtVerify, SignJWT } from 'jose';
import { idString } from '#shared/contract/common';

export interface TokenService {
  sign(userId: number): Promise<string>;
  /**
   * The user id of a valid token, or null for a missing, tampered or expired one, one without
   * an expiry (`exp` is required: a token must not live forever) and one whose subject is not
   * an id the users table can hold.
   */
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
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: clock(),
          requiredClaims: ['exp', 'sub'],
        });
        const id = idString.safeParse(payload.sub);
        return id.success ? id.data : null;
      } catch {
        return null;
      }
    },
  };
}
