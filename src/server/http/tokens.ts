import { jwtVerify, SignJWT } from 'jose';
import { idString } from '#shared/contract/common';

/** What a valid token says: whose it is, its user's token version then, and when it expires. */
export interface TokenClaims {
  userId: number;
  /** users.token_version when it was signed (0 when the token has no `ver`); decision 0069. */
  version: number;
  /** Seconds since the epoch. */
  exp: number;
}

export interface TokenService {
  /** A token for the user, carrying its current token version (users.token_version). */
  sign(userId: number, version?: number): Promise<string>;
  /**
   * The user id of a valid token, or null for a missing, tampered or expired one, one without
   * an expiry (`exp` is required: a token must not live forever) and one whose subject is not
   * an id the users table can hold.
   */
  verify(token: string): Promise<number | null>;
  /** As verify, with the token's version and expiry. */
  claims(token: string): Promise<TokenClaims | null>;
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
  const verified = new Map<string, TokenClaims>();
  const seconds = () => Math.floor(clock().getTime() / 1000);
  const claims = async (token: string): Promise<TokenClaims | null> => {
    const known = verified.get(token);
    if (known) {
      // the same rule as jose's: expired once the clock reaches `exp`
      if (known.exp > seconds()) return known;
      verified.delete(token);
      return null;
    }
    try {
      verifyKey ??= crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
      const { payload } = await jwtVerify(token, await verifyKey, {
        algorithms: ['HS256'],
        currentDate: clock(),
        requiredClaims: ['exp', 'sub'],
      });
      const id = idString.safeParse(payload.sub);
      if (!id.success || typeof payload.exp !== 'number') return null;
      const ver = payload.ver === undefined ? 0 : payload.ver;
      if (typeof ver !== 'number' || !Number.isSafeInteger(ver) || ver < 0) return null;
      const found = { userId: id.data, version: ver, exp: payload.exp };
      // a token that is not valid yet (nbf) is checked again next time
      if (payload.nbf === undefined) {
        if (verified.size >= MAX_VERIFIED) verified.clear();
        verified.set(token, found);
      }
      return found;
    } catch {
      return null;
    }
  };
  return {
    async sign(userId, version = 0) {
      const now = seconds();
      return new SignJWT({ ver: version })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(now)
        .setExpirationTime(now + ttlMinutes * 60)
        .sign(key);
    },
    async verify(token) {
      return (await claims(token))?.userId ?? null;
    },
    claims,
  };
}
