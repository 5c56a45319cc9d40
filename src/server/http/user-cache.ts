import type { Db } from '../db/client';
import type { Listen } from '../db/listen';
import { findUserById } from './user-lookup';

type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/** Channel of migration 0006's triggers: a user id, or '*' when a role changed. */
export const USERS_CHANGED = 'users_changed';
const MAX_ENTRIES = 50_000;

/**
 * The users behind tokens, kept in memory so the check on every request costs no round trip.
 * Triggers on users and roles (migration 0006) notify every server process on commit; an entry
 * is dropped when its user changes or goes, all of them when a role changes or the listening
 * connection is lost; while it is lost nothing is kept and every lookup reads the database
 * (during an outage that answers 503). A lookup that raced a notification is not kept (the
 * epoch moved on).
 */
export class UserCache {
  private readonly users = new Map<number, UserRow>();
  private epoch = 0;
  private listening = false;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly listen: Listen,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.listen(
      USERS_CHANGED,
      (payload) => {
        this.epoch += 1;
        if (payload === '*') this.users.clear();
        else this.users.delete(Number(payload));
      },
      () => {
        // listening again: what changed meanwhile was not heard, so nothing kept is kept
        this.epoch += 1;
        this.users.clear();
        this.listening = true;
      },
      () => {
        // the listening connection is lost: no change is heard until it is back, so every
        // request looks its user up in the database (decision 0070)
        this.listening = false;
        this.epoch += 1;
        this.users.clear();
      },
    );
    this.listening = true;
  }

  /** Whether entries are kept and trusted (the database's notifications are heard). */
  get trusted(): boolean {
    return this.listening;
  }

  async stop(): Promise<void> {
    this.listening = false;
    this.users.clear();
    await this.unlisten?.();
  }

  async get(userId: number): Promise<UserRow | undefined> {
    if (this.listening) {
      const hit = this.users.get(userId);
      if (hit) return hit;
    }
    const epoch = this.epoch;
    const row = await findUserById(this.db, userId);
    if (row && this.listening && epoch === this.epoch) {
      if (this.users.size >= MAX_ENTRIES) this.users.clear();
      this.users.set(userId, row);
    }
    return row;
  }
}
