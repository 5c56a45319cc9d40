import type { Listen } from '#server/db/listen';
import { tokenHolds } from '#server/http/authenticate';
import type { TokenClaims } from '#server/http/tokens';
import { USERS_CHANGED } from '#server/http/user-cache';
import type { findUsersByIds } from '#server/http/user-lookup';
import { type Portal, portalForRole } from '#shared/roles';
import { EVENTS_CHANNEL } from './notifications.service';

/** The most event streams one user may hold open on one server process (decision 0069). */
export const EVENT_STREAMS_PER_USER = 10;

/** An open event stream and whose events it may receive. */
export interface StreamClient {
  userId: number;
  employeeId: number | null;
  customerId: number | null;
  portal: Portal | null;
  /** The role it was opened under: another role ends it (the client reconnects under the new one). */
  role: string;
  /** The token it was opened with: the stream ends when the token expires or stops holding. */
  token: TokenClaims;
  send(event: string, data: unknown): void;
  end(): void;
}

/** Reads the users behind streams now (http/user-lookup.ts findUsersByIds). */
type LoadUsers = (userIds: readonly number[]) => ReturnType<typeof findUsersByIds>;
type UserRow = NonNullable<Awaited<ReturnType<LoadUsers>> extends Map<number, infer R> ? R : never>;

/** The last event of a stream its token or user no longer holds (the client's reconnect is refused or re-scoped). */
const ENDED = 'Your session changed or expired; sign in again';
/** The last event of a stream whose user could not be read again (the database is unreachable). */
const UNCHECKED = 'Live updates stopped: your session could not be checked; reconnect';

/** setTimeout takes at most 2^31 - 1 ms; a later expiry is waited for in steps. */
const MAX_TIMER_MS = 2_147_483_647;

type Published = {
  kind: 'notification' | 'delivery' | 'order' | 'support';
  notification_id?: number;
  type?: string;
  status?: string;
  delivery_id?: number | null;
  order_id?: number | null;
  request_id?: number | null;
  employee_id?: number | null;
  user_id?: number | null;
  customer_id?: number | null;
  employee_ids?: (number | null)[];
};

const STAFF: readonly (Portal | null)[] = ['manager', 'admin'];

function isFor(e: Published, c: StreamClient): boolean {
  switch (e.kind) {
    case 'notification':
      return (
        (e.user_id != null && e.user_id === c.userId) ||
        (e.employee_id != null && e.employee_id === c.employeeId) ||
        (e.customer_id != null && e.customer_id === c.customerId)
      );
    case 'delivery':
      return STAFF.includes(c.portal) || (c.employeeId !== null && !!e.employee_ids?.includes(c.employeeId));
    case 'order':
    case 'support':
      return STAFF.includes(c.portal) || (e.customer_id != null && e.customer_id === c.customerId);
    default:
      return false;
  }
}

/** Whether the user as read now still has the stream opened under `c` (same token, role, records). */
function stillHolds(user: UserRow | undefined, c: StreamClient): boolean {
  return (
    tokenHolds(user, c.token) &&
    user.role === c.role &&
    portalForRole(user.role) === c.portal &&
    user.customerId === c.customerId &&
    user.employeeId === c.employeeId
  );
}

/**
 * Fans the database's "events" channel out to this process's open streams. Every process
 * LISTENs (PostgreSQL; in-process on PGlite), so an event written through any server reaches a
 * client connected to any other (docs/decisions/0023).
 *
 * A stream is held to what a request is held to, for as long as it is open (decision 0069): it
 * ends when its token expires (a timer at `exp`), and when the users channel (migration 0006's
 * triggers, the one the user cache hears) says its user changed and the user read again no
 * longer holds it: deleted, deactivated, a former employee, a password reset, another role or
 * customer or employee record. A role change ('*') or a lost listening connection re-reads every
 * streaming user. Ending, not re-scoping: the client reconnects, and the request that reopens the
 * stream is authorised afresh.
 */
export class EventHub {
  private readonly clients = new Set<StreamClient>();
  private readonly byUser = new Map<number, Set<StreamClient>>();
  private readonly timers = new Map<StreamClient, ReturnType<typeof setTimeout>>();
  private subscription: Promise<unknown> | null = null;
  private readonly unlisten: (() => Promise<void>)[] = [];

  constructor(
    private readonly listen: Listen,
    private readonly loadUsers: LoadUsers,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Streams the user holds open on this process. */
  countFor(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /**
   * Registers the stream (synchronously, so a per-user count checked just before holds), then
   * waits for the subscriptions and reads the user once more: a change committed between the
   * request's authentication and the subscription is not missed. False: the stream was ended.
   */
  async add(client: StreamClient): Promise<boolean> {
    this.clients.add(client);
    const own = this.byUser.get(client.userId) ?? new Set<StreamClient>();
    this.byUser.set(client.userId, own);
    own.add(client);
    this.armExpiry(client);
    this.subscription ??= this.subscribe().catch(async (error: unknown) => {
      this.subscription = null;
      for (const unlisten of this.unlisten.splice(0)) await unlisten().catch(() => undefined);
      throw error;
    });
    await this.subscription;
    await this.recheck([client.userId]);
    return this.clients.has(client);
  }

  remove(client: StreamClient): void {
    if (!this.clients.delete(client)) return;
    const own = this.byUser.get(client.userId);
    own?.delete(client);
    if (own?.size === 0) this.byUser.delete(client.userId);
    clearTimeout(this.timers.get(client));
    this.timers.delete(client);
  }

  get size(): number {
    return this.clients.size;
  }

  private async subscribe(): Promise<void> {
    const events = await this.listen(
      EVENTS_CHANNEL,
      (payload) => this.dispatch(payload),
      () => {
        // the connection to the database was lost: events may be missed, so clients refetch
        for (const c of this.clients) c.send('resync', {});
      },
    );
    this.unlisten.push(events);
    const users = await this.listen(
      USERS_CHANGED,
      (payload) => {
        void this.recheck(payload === '*' ? [...this.byUser.keys()] : [Number(payload)]);
      },
      // changes may have been missed while the connection was down
      () => void this.recheck([...this.byUser.keys()]),
    );
    this.unlisten.push(users);
  }

  /** Ends the streams of these users that their user, read now, no longer holds. */
  private async recheck(userIds: number[]): Promise<void> {
    const ids = userIds.filter((id) => this.byUser.has(id));
    if (ids.length === 0) return;
    let found: Map<number, UserRow>;
    try {
      found = await this.loadUsers(ids);
    } catch {
      // the database cannot say: a stream is not kept on trust (the client reconnects)
      for (const id of ids) for (const c of this.byUser.get(id) ?? []) this.finish(c, UNCHECKED);
      return;
    }
    for (const id of ids) {
      const user = found.get(id);
      for (const c of this.byUser.get(id) ?? []) if (!stillHolds(user, c)) this.finish(c);
    }
  }

  /** A timer at the token's expiry, in steps when it is further than a timer can wait. */
  private armExpiry(client: StreamClient): void {
    const left = client.token.exp * 1000 - this.clock().getTime();
    if (left <= 0) {
      this.finish(client);
      return;
    }
    const timer = setTimeout(
      () => (left > MAX_TIMER_MS ? this.armExpiry(client) : this.finish(client)),
      Math.min(left, MAX_TIMER_MS),
    );
    timer.unref();
    this.timers.set(client, timer);
  }

  /** Tells the client why, ends its stream and forgets it. */
  private finish(client: StreamClient, detail = ENDED): void {
    if (!this.clients.has(client)) return;
    this.remove(client);
    client.send('end', { detail });
    client.end();
  }

  private dispatch(payload: string): void {
    let event: Published;
    try {
      event = JSON.parse(payload) as Published;
    } catch {
      return;
    }
    // recipients' ids stay on the server
    const data = {
      kind: event.kind,
      notification_id: event.notification_id,
      type: event.type,
      status: event.status,
      delivery_id: event.delivery_id ?? null,
      order_id: event.order_id ?? null,
      request_id: event.request_id ?? null,
    };
    for (const c of this.clients) if (isFor(event, c)) c.send(event.kind, data);
  }

  async close(): Promise<void> {
    for (const c of [...this.clients]) {
      this.remove(c);
      c.end();
    }
    const sub = this.subscription;
    this.subscription = null;
    await sub?.catch(() => undefined);
    for (const unlisten of this.unlisten.splice(0)) await unlisten();
  }
}
