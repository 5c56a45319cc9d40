import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { Db } from '#server/db/client';
import { AppError } from '#server/http/errors';
import { clearKey, countAttempts, deleteExpired, uncountAttempt } from './throttle.queries';

/** How many attempts a key may make in its window. */
export interface ThrottleRule {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** The limits (docs/decisions/0008): per account strictly, per client address loosely. */
export const THROTTLE_RULES = {
  /** Sign-in attempts per account (its username and email share the count). */
  account: { max: 10, windowMs: 15 * MINUTE },
  /** Sign-in attempts per client address: many people may share one (an office, a proxy). */
  address: { max: 100, windowMs: 15 * MINUTE },
  /** Public registrations per client address. */
  registration: { max: 10, windowMs: 60 * MINUTE },
} satisfies Record<string, ThrottleRule>;
export type ThrottleRules = typeof THROTTLE_RULES;

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 48);

/**
 * The address a client is counted under: IPv4 as it is, IPv6 by its /64 network (one
 * subscriber usually holds a whole /64, so single addresses would be free to change).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip.slice(0, 64);
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function tooManyRequests(detail: string, retryAfterSeconds: number): AppError {
  return new AppError(429, detail, { 'retry-after': String(retryAfterSeconds) });
}

/**
 * Attempt counters in PostgreSQL (table auth_throttle), so every server process on the
 * database shares them. An attempt is counted before the password is checked, in one atomic
 * statement: parallel guesses each take their own place in the count, and none gets past it.
 * Keys are short by construction (a hash of the login, an address), rows expire with their
 * window and are deleted, so the state stays bounded whatever is sent.
 */
export class AuthThrottle {
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
    readonly rules: ThrottleRules = THROTTLE_RULES,
  ) {}

  /** The sign-in key of an account (by user id, so username and email share it), or of a login that matches no account. */
  static accountKey(userId: number | undefined, login: string): string {
    return userId !== undefined ? `user:${userId}` : `login:${hash(login.trim().toLowerCase())}`;
  }

  static addressKey(kind: 'signin' | 'register', ip: string): string {
    return `${kind}-ip:${addressKey(ip)}`;
  }

  /**
   * Counts one attempt under each key; returns 0 when every key is within its rule, else the
   * seconds until the latest window ends. A refused attempt is not held against the keys that
   * were still within their rule.
   */
  async attempt(keys: ReadonlyArray<{ key: string; rule: ThrottleRule }>): Promise<number> {
    const now = this.clock();
    await this.sweep(now);
    const counts = await countAttempts(
      this.db,
      keys.map((k) => ({ key: k.key, windowMs: k.rule.windowMs })),
      now,
    );
    let wait = 0;
    const within: string[] = [];
    for (const { key, rule } of keys) {
      const count = counts.find((c) => c.key === key);
      if (!count) continue;
      if (count.attempts > rule.max) {
        wait = Math.max(wait, Math.ceil((Date.parse(count.expires_at) - now.getTime()) / 1000));
      } else {
        within.push(key);
      }
    }
    if (wait === 0) return 0;
    for (const key of within) await uncountAttempt(this.db, key);
    return Math.max(1, wait);
  }

  /** A successful attempt: the account starts afresh, the address gets its attempt back. */
  async succeeded(clear: readonly string[], giveBack: readonly string[] = []): Promise<void> {
    for (const key of clear) await clearKey(this.db, key);
    for (const key of giveBack) await uncountAttempt(this.db, key);
  }

  /** Deletes expired rows, at most once a minute per process. */
  private async sweep(now: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < MINUTE) return;
    this.lastSweep = now.getTime();
    await deleteExpired(this.db, now);
  }
}

declare module '#server/context' {
  interface AppContext {
    /** Sign-in and registration attempt counters, in the database (shared by every process). */
    authThrottle: AuthThrottle;
  }
}
