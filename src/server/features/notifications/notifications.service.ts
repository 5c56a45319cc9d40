import { sql } from 'drizzle-orm';
import type { App, AppContext } from '#server/context';
import { type Executor, withActor } from '#server/db/client';
import { notify } from '#server/db/listen';
import { isoTimestamp } from '#server/db/sql-helpers';
import type { AuthUser } from '#server/http/auth-context';
import { notFound } from '#server/http/errors';
import {
  assignmentCancelledNotice,
  assignmentNotice,
  crewChangeNotice,
  type DeliveryFacts,
  type Localized,
} from './notices';
import * as q from './notifications.queries';

/** A delivery starting within this long warns its crew (issue 9). */
export const STARTING_SOON_MS = 2 * 3_600_000;

/** The channel every server process listens on for live events (migration 0008 publishes on it too). */
export const EVENTS_CHANNEL = 'events';

/** Everything the caller may read: its user, its employee record, its customer. */
export const scopeOf = (user: AuthUser): q.NotificationScope => ({
  userId: user.userId,
  employeeId: user.employeeId,
  customerId: user.customerId,
});

// ---- reading (routes) ----

/** When each app last swept (a server process runs one app; a test worker builds one per file). */
const lastSweeps = new WeakMap<AppContext, number>();
/**
 * Time-made events are swept at most every 15 s per app when notifications are read, and
 * on a timer (startNotificationSweeper) so that they reach open event streams unasked.
 */
export async function sweepIfDue(ctx: AppContext, force = false): Promise<void> {
  const now = ctx.clock();
  if (!force && Math.abs(now.getTime() - (lastSweeps.get(ctx) ?? 0)) < 15_000) return;
  lastSweeps.set(ctx, now.getTime());
  await q.sweepTimedEvents(ctx.db, now, STARTING_SOON_MS);
}

/**
 * Sweeps the time-made events every `everyMs` (the server: every minute) until stopped (the
 * returned function; the app calls it when it closes).
 * Every process may sweep: each event is written once per recipient (event_key), and the
 * inserted rows reach the live streams through the database's notifications.
 */
export function startNotificationSweeper(app: App, ctx: AppContext, everyMs: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepIfDue(ctx, true)
      .catch((error: unknown) => app.log.warn({ err: error }, 'sweeping timed notifications failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

export async function listFor(ctx: AppContext, scope: q.NotificationScope, limit: number) {
  await sweepIfDue(ctx);
  const [rows, unread] = await Promise.all([
    q.listNotifications(ctx.db, scope, limit),
    q.countUnread(ctx.db, scope),
  ]);
  return { rows, unread };
}

// Marking read changes audited rows (notifications_audit): like every write it goes through
// withActor, which sets app.user_id for the transaction so the audit trigger records the reader.
export async function markRead(ctx: AppContext, user: AuthUser, id: number) {
  const ok = await withActor(ctx.db, user.userId, (tx) => q.markRead(tx, scopeOf(user), id, ctx.clock()));
  if (!ok) throw notFound(`Notification ${id} not found`);
}

export async function markAllRead(ctx: AppContext, user: AuthUser) {
  const updated = await withActor(ctx.db, user.userId, (tx) => q.markAllRead(tx, scopeOf(user), ctx.clock()));
  return { updated };
}

// ---- writing (inside the caller's transaction, so a rolled-back action tells no one) ----

/** Publishes a change of a delivery, an order or a support request to the open event streams (on commit). */
export async function publishChange(
  tx: Executor,
  change:
    | { kind: 'delivery'; delivery_id: number; status: string; employee_ids: (number | null)[] }
    | { kind: 'order'; order_id: number; status: string; customer_id: number }
    | { kind: 'support'; request_id: number; status: string; customer_id: number },
): Promise<void> {
  await notify(tx, EVENTS_CHANNEL, JSON.stringify(change));
}

/**
 * A bulk plan was applied (the dispatch planner): each approved order's customer and each new
 * delivery's crew are told, as transitionOrder and notifyCrewChange would, in two statements.
 */
export async function notifyPlanApplied(
  tx: Executor,
  approvedOrderIds: number[],
  newDeliveryIds: number[],
  at: Date,
): Promise<void> {
  await q.insertApprovalNotices(tx, approvedOrderIds, at);
  await q.insertAssignmentNotices(tx, newDeliveryIds, at);
}

export async function notifyManagers(
  tx: Executor,
  n: { type: 'Alert' | 'Info'; message: string; at: Date; deliveryId?: number; orderId?: number },
): Promise<void> {
  const ids = await q.managerUserIds(tx);
  await q.insertNotifications(
    tx,
    ids.map((userId) => ({ ...n, to: { userId } })),
  );
}

export async function notifyEmployees(
  tx: Executor,
  employeeIds: (number | null)[],
  n: { type: 'Alert' | 'Info'; message: string | Localized; at: Date; deliveryId?: number; orderId?: number },
): Promise<void> {
  const unique = [...new Set(employeeIds.filter((e): e is number => e !== null))];
  await q.insertNotifications(
    tx,
    unique.map((employeeId) => ({ ...n, to: { employeeId } })),
  );
}

type CrewDelivery = {
  route_name: string;
  end_location: string;
  plate_number: string;
  start_at: string;
  driver_name: string | null;
  assistant_name: string | null;
};

async function crewDelivery(tx: Executor, deliveryId: number): Promise<CrewDelivery | undefined> {
  const res = await tx.execute<CrewDelivery>(
    sql`select r.name as route_name, r.end_location, tr.plate_number, ${isoTimestamp('d.delivery_date_time')} as start_at,
          nullif(trim(coalesce(de.first_name, '') || ' ' || coalesce(de.last_name, '')), '') as driver_name,
          nullif(trim(coalesce(ae.first_name, '') || ' ' || coalesce(ae.last_name, '')), '') as assistant_name
        from deliveries d join routes r on r.route_id = d.route_id join trucks tr on tr.truck_id = d.truck_id
        left join employees de on de.employee_id = d.driver_employee_id
        left join employees ae on ae.employee_id = d.assistant_employee_id
        where d.delivery_id = ${deliveryId}`,
  );
  return res.rows[0];
}

/**
 * A delivery's crew was set or changed (scheduling, crew edits): a new member gets the
 * assignment, a member taken off is told it is cancelled for them, one who stays hears of a
 * new crew mate.
 */
export async function notifyCrewChange(
  tx: Executor,
  deliveryId: number,
  before: { driver: number | null; assistant: number | null },
  after: { driver: number | null; assistant: number | null },
  at: Date,
): Promise<void> {
  if (before.driver === after.driver && before.assistant === after.assistant) return;
  const d = await crewDelivery(tx, deliveryId);
  if (!d) return;
  const facts: DeliveryFacts = {
    deliveryId,
    route: d.route_name,
    end: d.end_location,
    startAt: new Date(d.start_at),
    plate: d.plate_number,
  };
  const rows: q.NewNotification[] = [];
  const seat = (role: 'driver' | 'assistant') => {
    const was = before[role];
    const now = after[role];
    const mate = role === 'driver' ? d.assistant_name : d.driver_name;
    if (now !== null && now !== was) {
      rows.push({
        to: { employeeId: now },
        type: 'Alert',
        message: assignmentNotice(facts, role, mate),
        at,
        deliveryId,
      });
    }
    if (was !== null && was !== now && was !== after.driver && was !== after.assistant) {
      rows.push({
        to: { employeeId: was },
        type: 'Alert',
        message: assignmentCancelledNotice(facts),
        at,
        deliveryId,
      });
    }
  };
  seat('driver');
  seat('assistant');
  // a member who stays on the same seat while the other seat changed
  for (const role of ['driver', 'assistant'] as const) {
    const other = role === 'driver' ? 'assistant' : 'driver';
    const id = after[role];
    if (id !== null && id === before[role] && before[other] !== after[other]) {
      const mate = other === 'driver' ? d.driver_name : d.assistant_name;
      rows.push({
        to: { employeeId: id },
        type: 'Info',
        message: crewChangeNotice(facts, other, mate),
        at,
        deliveryId,
      });
    }
  }
  await q.insertNotifications(tx, rows);
}

type Notice = {
  type: 'Alert' | 'Info';
  message: string | Localized;
  at: Date;
  deliveryId?: number;
  orderId?: number;
  requestId?: number;
};

/** Tells each of these users (e.g. the support inbox's managers and admins). */
export async function notifyUsers(tx: Executor, userIds: number[], n: Notice): Promise<void> {
  const unique = [...new Set(userIds)];
  await q.insertNotifications(
    tx,
    unique.map((userId) => ({ ...n, to: { userId } })),
  );
}

/** Tells a customer (every login of it). */
export async function notifyCustomer(tx: Executor, customerId: number, n: Notice): Promise<void> {
  await q.insertNotifications(tx, [{ ...n, to: { customerId } }]);
}
