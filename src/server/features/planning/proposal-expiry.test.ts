import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, daysFromNow } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import {
  createCrewMember,
  createPendingOrder,
  createStore,
  createTrip,
  createTruck,
  insertDelivery,
} from '#server/test/scheduling-factories';
import { PROPOSAL_LIFETIME_MINUTES } from '#shared/contract/planning';
import { businessDateTime, businessTimeText } from '#shared/dates';

// its own app: these tests move the app's clock (setNow), which would shift every other planning test
const { app, setNow } = await createTestApp();
const db = app.ctx.db;
const manager = await createUser(app, 'Manager');
const MINUTE = 60_000;
const LIFETIME = PROPOSAL_LIFETIME_MINUTES * MINUTE;

let nextDay = 8;

const propose = (payload: Record<string, unknown>, user = manager) =>
  app.inject({ method: 'POST', url: '/api/planning/proposals', headers: user.auth, payload });
const read = (id: number, user = manager) =>
  app.inject({ url: `/api/planning/proposals/${id}`, headers: user.auth });
const commit = (id: number, user = manager) =>
  app.inject({ method: 'POST', url: `/api/planning/proposals/${id}/commit`, headers: user.auth });
const current = async (user = manager) => {
  const res = await app.inject({ url: '/api/planning/proposals/current', headers: user.auth });
  expect(res.statusCode).toBe(200);
  return res.json() as { proposal_id: number | null; expires_at: string | null };
};
const statusOf = async (orderId: number) =>
  (await db.execute<{ status: string }>(sql`select status from orders where order_id = ${orderId}`)).rows[0]!
    .status;
const bookings = async (orderId: number) =>
  (await db.execute(sql`select 1 from train_allocations where order_id = ${orderId}`)).rows.length;

/** A store with a trip, a truck and a crew; a pending order on its own day, planned by `propose`. */
async function world() {
  const days = nextDay++;
  const day = daysFromNow(days);
  const store = await createStore(app);
  const trip = await createTrip(app, store.cityId, { departH: 24, capacity: 100 });
  const truck = await createTruck(app, store.storeId);
  const driver = await createCrewMember(app, 'Driver', store.storeId);
  await createCrewMember(app, 'Assistant', store.storeId);
  const pending = (await createPendingOrder(app, store, { space: 20, days })).orderId;
  return { day, store, trip, truck, driver, pending };
}

/** The next test starts again from the real clock. */
const realTime = () => setNow(null as unknown as Date);

describe('a proposal expires', () => {
  it(`after ${PROPOSAL_LIFETIME_MINUTES} minutes: still read (marked expired) and discarded, never committed`, async () => {
    const w = await world();
    const made = new Date(Math.floor(Date.now() / 1000) * 1000);
    setNow(made);
    try {
      const res = await propose({ from: w.day, to: w.day, pending_order_ids: [w.pending] });
      expect(res.statusCode).toBe(201);
      const p = res.json();
      const expiresAt = new Date(made.getTime() + LIFETIME);
      expect(p).toMatchObject({
        status: 'Open',
        expired: false,
        expires_at: expiresAt.toISOString().replace('.000', ''),
      });
      expect((await read(p.proposal_id)).json()).toEqual(p);

      // a second before: still open to commit
      setNow(new Date(expiresAt.getTime() - 1000));
      expect((await read(p.proposal_id)).json().expired).toBe(false);
      expect(await current()).toEqual({ proposal_id: p.proposal_id, expires_at: p.expires_at });

      // at its expiry: read as it was, marked expired; not the current one any more
      setNow(expiresAt);
      const late = await read(p.proposal_id);
      expect(late.statusCode).toBe(200);
      expect(late.json()).toEqual({ ...p, expired: true });
      expect(await current()).toEqual({ proposal_id: null, expires_at: null });

      // the commit is refused with the time in Colombo, and nothing is applied
      setNow(new Date(expiresAt.getTime() + 5 * MINUTE));
      const refused = await commit(p.proposal_id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        detail: `Proposal ${p.proposal_id} expired at ${businessTimeText(expiresAt)} (Colombo time): plan again`,
      });
      expect(await statusOf(w.pending)).toBe('Pending');
      expect(await bookings(w.pending)).toBe(0);

      // planning again gives a fresh proposal that commits
      const again = (await propose({ from: w.day, to: w.day, pending_order_ids: [w.pending] })).json();
      expect(again.expired).toBe(false);
      const done = await commit(again.proposal_id);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({
        status: 'Committed',
        expired: false,
        expires_at: again.expires_at,
      });
      expect(await statusOf(w.pending)).toBe('Scheduled');
      // a committed proposal does not expire, however late it is read
      setNow(new Date(Date.parse(again.expires_at) + 60 * MINUTE));
      expect((await read(again.proposal_id)).json()).toMatchObject({ status: 'Committed', expired: false });

      // expired on another day (Colombo): the message names the day too
      const yesterday = new Date(expiresAt.getTime() - 26 * 60 * MINUTE);
      await db.execute(
        sql`update planning_proposals set created_at = ${new Date(yesterday.getTime() - LIFETIME).toISOString()},
              expires_at = ${yesterday.toISOString()} where proposal_id = ${p.proposal_id}`,
      );
      expect((await commit(p.proposal_id)).json().detail).toBe(
        `Proposal ${p.proposal_id} expired at ${businessDateTime(yesterday)} (Colombo time): plan again`,
      );

      // the expired one can still be discarded
      const discard = await app.inject({
        method: 'DELETE',
        url: `/api/planning/proposals/${p.proposal_id}`,
        headers: manager.auth,
      });
      expect(discard.statusCode).toBe(204);
    } finally {
      realTime();
    }
  });

  it('as soon as a commit finds that what it relied on changed', async () => {
    const w = await world();
    const p = (await propose({ from: w.day, to: w.day, pending_order_ids: [w.pending] })).json();
    expect(p.deliveries).toHaveLength(1);
    // the planned driver is booked on another delivery at the same time meanwhile
    const otherTruck = await createTruck(app, w.store.storeId);
    await insertDelivery(app, {
      truckId: otherTruck.truckId,
      routeId: w.store.routeId,
      start: new Date(p.deliveries[0].delivery_date_time),
      hours: 2,
      driverId: w.driver.employeeId,
    });
    const before = Date.now();
    const refused = await commit(p.proposal_id);
    expect(refused.statusCode).toBe(409);
    // what changed is named, as before
    expect(refused.json().detail).toContain(`Driver ${w.driver.name} is already on delivery`);

    // the proposal has ended: marked expired now, no longer the current one, a second commit says so
    const after = (await read(p.proposal_id)).json();
    expect(after).toMatchObject({ status: 'Open', expired: true });
    expect(Date.parse(after.expires_at)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(Date.parse(after.expires_at)).toBeLessThan(Date.parse(p.expires_at));
    expect((await current()).proposal_id).not.toBe(p.proposal_id);
    const second = await commit(p.proposal_id);
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toMatch(
      new RegExp(`^Proposal ${p.proposal_id} expired at .* \\(Colombo time\\): plan again$`),
    );
    expect(await statusOf(w.pending)).toBe('Pending');

    // the audit log records who ended it
    const audit = await db.execute<{ performed_by: number }>(
      sql`select performed_by from audit_log where table_name = 'planning_proposals' and operation = 'UPDATE'
          and row_key = ${String(p.proposal_id)}`,
    );
    expect(audit.rows).toEqual([{ performed_by: manager.userId }]);
  });
});

describe('GET /api/planning/proposals/current', () => {
  it("answers the manager's latest open proposal that has not expired, or nulls", async () => {
    const someone = await createUser(app, 'Manager');
    expect(await current(someone)).toEqual({ proposal_id: null, expires_at: null });
    const w = await world();
    const first = (await propose({ from: w.day, to: w.day }, someone)).json();
    expect(await current(someone)).toEqual({ proposal_id: first.proposal_id, expires_at: first.expires_at });
    const second = (await propose({ from: w.day, to: w.day }, someone)).json();
    expect((await current(someone)).proposal_id).toBe(second.proposal_id);

    // another manager's proposals are not theirs
    const other = await createUser(app, 'Manager');
    expect(await current(other)).toEqual({ proposal_id: null, expires_at: null });

    // discarded: the one before comes back; committed: not open any more
    await app.inject({
      method: 'DELETE',
      url: `/api/planning/proposals/${second.proposal_id}`,
      headers: someone.auth,
    });
    expect((await current(someone)).proposal_id).toBe(first.proposal_id);
    expect((await commit(first.proposal_id, someone)).statusCode).toBe(200);
    expect(await current(someone)).toEqual({ proposal_id: null, expires_at: null });

    // a customer has no planner
    const customer = await createUser(app, 'Customer');
    const res = await app.inject({ url: '/api/planning/proposals/current', headers: customer.auth });
    expect(res.statusCode).toBe(403);
  });
});
