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

/** Verified tokens kept per process; past this many the memory is emptied and refilled. */
const MAX_VERIFIED = 10_000;

export function createTokenService(secret: string, ttlMinutes: number, clock: () => Date): TokenService {
  const key = new TextEncoder().encode(secret);
  // imported once: jose would import the raw secret into WebCrypto on every verification
  let verifyKey: Promise<CryptoKey> | null = null;
  // A token is signed, so whether it is valid depends only on its text and the time: a token
  // verified once is remembered with its expiry and answers without the HMAC until then. Only
  // tokens that passed verification (signed with the secret) take memory.
  const verified = new Map<string, { userId: number; exp: number }>();
  const seconds = () => Math.floor(clock().getTime() / 1000);
  return {
    async sign(userId) {
      const now = seconds();
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(now)
        .setExpirationTime(now + ttlMinutes * 60)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        // the same rule as jose's: expired once the clock reaches `exp`
        if (known.exp > seconds()) return known.userId;
        verified.delete(token);
        return null;
      }
      try {
        verifyKey ??= crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
          'verify',
        ]);
        const { payload } = await jwtVerify(token, await verifyKey, {
          algorithms: ['HS256'],
          currentDate: clock(),
          requiredClaims: ['exp', 'sub'],
        });
        const id = idString.safeParse(payload.sub);
        if (!id.success) return null;
        // a token that is not valid yet (nbf) is checked again next time
        if (payload.nbf === undefined && typeof payload.exp === 'number') {
          if (verified.size >= MAX_VERIFIED) verified.clear();
          verified.set(token, { userId: id.data, exp: payload.exp });
        }
        return id.data;
      } catch {
        return null;
      }
    },
  };
}
