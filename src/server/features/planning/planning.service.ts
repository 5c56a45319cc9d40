import type { AppContext } from '#server/context';
import { type Executor, withActor } from '#server/db/client';
import { fromCents, toCents } from '#server/domain/allocation';
import { weekStart } from '#server/domain/roster-rules';
import { notifyPlanApplied } from '#server/features/notifications/index';
import type { AuthUser } from '#server/http/auth-context';
import { conflict, notFound, pgErrorCode, unprocessable } from '#server/http/errors';
import { RawJson } from '#server/http/serializer';
import {
  type CurrentProposal,
  type PendingOrders,
  PLAN_MAX_DAYS,
  type PlanOrderView,
  type PlanRequest,
  PROPOSAL_LIFETIME_MINUTES,
} from '#shared/contract/planning';
import { addDays, businessDate, businessDateTime, businessTimeText, startOfBusinessDay } from '#shared/dates';
import { proposeInWorker } from './planner-pool';
import { writeBody } from './planner-run';
import type { Proposal } from './planner-types';
import { verifyProposal } from './planner-verify';
import type { ProposalBody } from './planner-view';
import * as q from './planning.queries';
import { toPlanInput } from './planning-input';

const DAY_MS = 86_400_000;
const iso = (d: Date) => d.toISOString().replace(/\.\d+Z$/, 'Z');
const dayCount = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/** The period asked for, or the next 7 days; 422 naming the field when it makes no sense. */
export function planningPeriod(input: { from?: string; to?: string }, now: Date) {
  const today = businessDate(now);
  const from = input.from ?? addDays(today, 1);
  const period = { from, to: input.to ?? addDays(from, 6) };
  if (period.to < period.from)
    throw unprocessable('to: the period must end on or after its first day (from)');
  if (period.from < today) throw unprocessable(`from: the period cannot start before today (${today})`);
  if (dayCount(period.from, period.to) > PLAN_MAX_DAYS) {
    throw unprocessable(`to: a plan covers at most ${PLAN_MAX_DAYS} days`);
  }
  return period;
}

/** The calendar weeks of the period and two days either side: every delivery the rules look at. */
function rosterWindow(from: string, to: string) {
  return {
    from: new Date(weekStart(startOfBusinessDay(from)).getTime() - 2 * DAY_MS),
    to: new Date(weekStart(startOfBusinessDay(addDays(to, 1))).getTime() + 9 * DAY_MS),
  };
}

/** An open proposal past its expiry at `now` cannot be committed (decision 0060). */
const isExpired = (status: 'Open' | 'Committed', expiresAt: Date, now: Date) =>
  status === 'Open' && now.getTime() >= expiresAt.getTime();

/**
 * The answer (`proposalSchema`) from the columns and the body's stored text, written as the
 * route's serializer would write it: the six leading fields (the columns, and whether it has
 * expired at `now`), then the body's fields. Sent as it is (decision 0045); in tests the
 * serializer checks it byte for byte against writing its value.
 */
function answer(
  row: {
    proposal_id: number;
    status: 'Open' | 'Committed';
    created_at: string;
    committed_at: string | null;
    expires_at: string;
    body: string;
  },
  now: Date,
): RawJson {
  if (!row.body.startsWith('{"'))
    throw new Error(`proposal ${row.proposal_id}: the stored body is no object`);
  const committed = row.committed_at === null ? 'null' : JSON.stringify(row.committed_at);
  const expired = isExpired(row.status, new Date(row.expires_at), now);
  return new RawJson(
    `{"proposal_id":${row.proposal_id},"status":${JSON.stringify(row.status)},"created_at":${JSON.stringify(row.created_at)},"committed_at":${committed},"expires_at":${JSON.stringify(row.expires_at)},"expired":${expired},`,
    row.body.slice(1),
  );
}

/** The answer's columns of a row read through the query builder. */
const answered = (row: {
  proposalId: number;
  status: 'Open' | 'Committed';
  createdAt: Date;
  committedAt: Date | null;
  expiresAt: Date;
}) => ({
  proposal_id: row.proposalId,
  status: row.status,
  created_at: iso(row.createdAt),
  committed_at: row.committedAt ? iso(row.committedAt) : null,
  expires_at: iso(row.expiresAt),
});

/** "14:05" today, else "27 Nov 2026, 14:05": Colombo time, for the refusal of an expired proposal. */
function expiryTime(at: Date, now: Date) {
  return businessDate(at) === businessDate(now) ? businessTimeText(at) : businessDateTime(at);
}

/** POST /planning/proposals: computes a plan and keeps it; nothing else changes. */
export async function createProposal(ctx: AppContext, user: AuthUser, request: PlanRequest) {
  const now = ctx.clock();
  const period = planningPeriod(request, now);
  const pendingIds = [...new Set(request.pending_order_ids ?? [])];
  const db = ctx.db;
  const orders = await q.candidateOrders(db, period.from, period.to, pendingIds);
  // picked pending orders may lie outside the period: the window covers them too
  const days = [period.from, period.to, ...orders.map((o) => o.schedule_date)].sort();
  const lastDay = days.at(-1)!;
  const window = rosterWindow(days[0]!, lastDay);
  const [trips, trucks, routes, crew, deliveries] = await Promise.all([
    q.openTrips(db, now, startOfBusinessDay(lastDay)),
    q.allTrucks(db),
    q.allRoutes(db),
    q.activeCrew(db),
    q.deliveriesInWindow(db, window.from, window.to),
  ]);
  // the plan itself is CPU only: made in the planner's thread, the event loop goes on
  const { body, orders: looked } = await proposeInWorker({
    rows: { now, orders, trips, trucks, routes, crew, deliveries },
    period,
  });
  const row = await withActor(db, user.userId, (tx) =>
    q.insertProposal(
      tx,
      {
        createdBy: user.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + PROPOSAL_LIFETIME_MINUTES * 60_000),
        periodFrom: period.from,
        periodTo: period.to,
        orders: looked,
      },
      body,
    ),
  );
  return answer({ ...answered(row), body: row.body }, now);
}

const missing = (proposalId: number) => notFound(`Proposal ${proposalId} not found`);

async function proposalOrFail(db: Executor, user: AuthUser, proposalId: number, lock = false) {
  const row = await q.findProposal(db, proposalId, user.userId, lock);
  if (!row) throw missing(proposalId);
  return row;
}

/** GET /planning/proposals/{id}: the stored text, not parsed nor written again; expired or not. */
export async function getProposal(ctx: AppContext, user: AuthUser, proposalId: number) {
  const row = await q.findProposalText(ctx.db, proposalId, user.userId);
  if (!row) throw missing(proposalId);
  return answer(row, ctx.clock());
}

/**
 * GET /planning/proposals/current: the manager's latest open proposal that has not expired, for
 * the planner screen to reopen after a reload (decision 0060); nulls when there is none.
 */
export async function currentProposal(ctx: AppContext, user: AuthUser): Promise<CurrentProposal> {
  const row = await q.currentProposal(ctx.db, user.userId, ctx.clock());
  return { proposal_id: row?.proposal_id ?? null, expires_at: row?.expires_at ?? null };
}

/** The planner's proposal back from what the API answered. */
function proposalOf(body: ProposalBody): Proposal {
  return {
    bookings: body.bookings.map((b) => ({
      orderId: b.order_id,
      tripId: b.train_trip_id,
      cents: toCents(b.space),
    })),
    deliveries: body.deliveries.map((d) => ({
      key: d.key,
      routeId: d.route_id,
      truckId: d.truck_id,
      driverId: d.driver_employee_id,
      assistantId: d.assistant_employee_id,
      start: new Date(d.delivery_date_time),
      end: new Date(d.end_date_time),
      orderIds: d.order_ids,
      loadCents: toCents(d.load),
    })),
    unplanned: [],
  };
}

const sorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);
const MAX_LISTED = 8;

/**
 * POST /planning/proposals/{id}/commit: applies the whole proposal in one transaction. Locks in
 * the order of docs/decisions/0013 (trucks, employees, orders, trips), reads them again, checks
 * every rule with the planner's own verifier, and answers 409 naming what changed (nothing is
 * applied) when anything did. The database's triggers and CHECKs hold the same line underneath.
 */
export async function commitProposal(ctx: AppContext, user: AuthUser, proposalId: number) {
  const now = ctx.clock();
  // set when the rules found a change: the proposal then ends (after the rollback), so the screen
  // offers to plan again instead of another commit that cannot pass
  let stale = false;
  try {
    return await withActor(ctx.db, user.userId, async (tx) => {
      const row = await q.lockProposal(tx, proposalId, user.userId);
      if (!row) throw missing(proposalId);
      if (row.status === 'Committed') {
        throw conflict(`Proposal ${proposalId} was already committed at ${iso(row.committedAt!)}`);
      }
      if (isExpired(row.status, row.expiresAt, now)) {
        throw conflict(
          `Proposal ${proposalId} expired at ${expiryTime(row.expiresAt, now)} (Colombo time): plan again`,
        );
      }
      const body = row.body as ProposalBody;
      const proposal = proposalOf(body);
      const orderIds = sorted([
        ...proposal.bookings.map((b) => b.orderId),
        ...proposal.deliveries.flatMap((d) => d.orderIds),
      ]);
      const trucks = await q.lockTrucks(tx, sorted(proposal.deliveries.map((d) => d.truckId)));
      const crew = await q.lockCrew(
        tx,
        sorted(proposal.deliveries.flatMap((d) => [d.driverId, d.assistantId])),
      );
      const orders = await q.lockOrders(tx, orderIds);
      const trips = await q.lockTrips(tx, sorted(proposal.bookings.map((b) => b.tripId)));
      const window = rosterWindow(body.from, body.to);
      const planned = proposal.deliveries.map((d) => d.start.getTime());
      const from = new Date(Math.min(window.from.getTime(), ...planned) - 9 * DAY_MS);
      const to = new Date(Math.max(window.to.getTime(), ...planned) + 9 * DAY_MS);
      // one after the other: a transaction's connection runs one statement at a time anyway, and
      // pg refuses overlapping queries on one client from its next major version
      const routes = await q.allRoutes(tx);
      const deliveries = await q.deliveriesInWindow(tx, from, to);
      const input = toPlanInput({ now, orders, trips, trucks, routes, crew, deliveries });
      const expected = new Map((row.orders as PlanOrderView[]).map((o) => [o.order_id, o.status]));
      const problems = verifyProposal(input, proposal, expected);
      if (problems.length > 0) {
        const more = problems.length > MAX_LISTED ? ` (and ${problems.length - MAX_LISTED} more)` : '';
        stale = true;
        throw conflict(
          `Nothing was applied: things changed since proposal ${proposalId} was computed. ${problems.slice(0, MAX_LISTED).join('; ')}${more}. Plan again.`,
        );
      }

      await q.insertBookings(
        tx,
        proposal.bookings.map((b) => ({
          orderId: b.orderId,
          trainTripId: b.tripId,
          space: fromCents(b.cents),
          createdBy: user.userId,
          createdAt: now,
        })),
      );
      const tripsOf = new Map<number, number[]>();
      for (const b of proposal.bookings)
        tripsOf.set(b.orderId, [...(tripsOf.get(b.orderId) ?? []), b.tripId]);
      await q.approveOrders(
        tx,
        orderIds
          .filter((id) => expected.get(id) === 'Pending')
          .map((orderId) => {
            const legs = tripsOf.get(orderId);
            return {
              orderId,
              reason: `Planned with proposal ${proposalId}${legs ? `: booked on train trip ${legs.join(', ')}` : ''}`,
            };
          }),
        user.userId,
        now,
      );
      const ids = new Map<number, number>();
      for (const d of proposal.deliveries) {
        ids.set(
          d.key,
          await q.insertPlannedDelivery(tx, {
            truckId: d.truckId,
            routeId: d.routeId,
            driverEmployeeId: d.driverId,
            assistantEmployeeId: d.assistantId,
            deliveryDateTime: d.start,
            endDateTime: d.end,
            status: 'Scheduled',
            scheduledBy: user.userId,
            createdAt: now,
          }),
        );
      }
      await q.loadOrders(
        tx,
        proposal.deliveries.flatMap((d) =>
          d.orderIds.map((orderId) => ({ deliveryId: ids.get(d.key)!, orderId })),
        ),
      );
      // the customers of approved orders and the crews of the new deliveries hear of it (issue 9)
      await notifyPlanApplied(
        tx,
        orderIds.filter((id) => expected.get(id) === 'Pending'),
        [...ids.values()],
        now,
      );
      const idOf = (key: number | null) => (key === null ? null : (ids.get(key) ?? null));
      const committed: ProposalBody = {
        ...body,
        deliveries: body.deliveries.map((d) => ({ ...d, delivery_id: idOf(d.key) })),
        trucks: body.trucks.map((t) => ({
          ...t,
          items: t.items.map((i) => (i.kind === 'planned' ? { ...i, delivery_id: idOf(i.key) } : i)),
        })),
        crew: body.crew.map((c) => ({
          ...c,
          items: c.items.map((i) => (i.kind === 'planned' ? { ...i, delivery_id: idOf(i.key) } : i)),
        })),
      };
      const text = writeBody(committed);
      await q.markCommitted(tx, proposalId, now, text);
      return answer({ ...answered({ ...row, status: 'Committed', committedAt: now }), body: text }, now);
    });
  } catch (err) {
    if (stale) await withActor(ctx.db, user.userId, (tx) => q.expireProposal(tx, proposalId, now));
    // a trip or truck filled at the very same moment: the CHECKs refused it, nothing was applied
    if (pgErrorCode(err) === '23514') {
      await withActor(ctx.db, user.userId, (tx) => q.expireProposal(tx, proposalId, now));
      throw conflict(
        `Nothing was applied: a train trip or truck of proposal ${proposalId} was booked by someone else at the same moment. Plan again.`,
      );
    }
    throw err;
  }
}

/** DELETE /planning/proposals/{id}: discards an open proposal. */
export async function discardProposal(ctx: AppContext, user: AuthUser, proposalId: number) {
  await withActor(ctx.db, user.userId, async (tx) => {
    const row = await proposalOrFail(tx, user, proposalId, true);
    if (row.status === 'Committed') {
      throw conflict(
        `Proposal ${proposalId} is committed: its deliveries are scheduled and it cannot be discarded`,
      );
    }
    await q.deleteProposal(tx, proposalId);
  });
}

const PENDING_LIMIT = 1_000;

/** GET /planning/pending-orders: the Pending orders requested in the period. */
export async function pendingForPeriod(
  ctx: AppContext,
  query: { from?: string; to?: string },
): Promise<PendingOrders> {
  const period = planningPeriod(query, ctx.clock());
  return { ...period, orders: await q.pendingOrders(ctx.db, period.from, period.to, PENDING_LIMIT) };
}
