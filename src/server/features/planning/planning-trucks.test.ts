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
} from '#server/test/scheduling-factories';

// The planner and a truck put Under Repair (docs/decisions/0057): it plans no run on it, and a
// proposal made before the repair is refused at its commit, naming the truck and its note.
const { app } = await createTestApp();
const manager = await createUser(app, 'Manager');

const propose = (day: string) =>
  app.inject({
    method: 'POST',
    url: '/api/planning/proposals',
    headers: manager.auth,
    payload: { from: day, to: day },
  });
const setStatus = (truckId: number, status: string, note?: string) =>
  app.inject({
    method: 'PATCH',
    url: `/api/Trucks/trucks/${truckId}/status`,
    headers: manager.auth,
    payload: { status, status_note: note },
  });

async function world(days: number) {
  const store = await createStore(app);
  await createTrip(app, store.cityId, { departH: 24, capacity: 100 });
  const truck = await createTruck(app, store.storeId, { capacity: 100 });
  await createCrewMember(app, 'Driver', store.storeId);
  await createCrewMember(app, 'Assistant', store.storeId);
  const orderId = (await createPendingOrder(app, store, { space: 10, days })).orderId;
  const approved = await app.inject({
    method: 'PUT',
    url: `/api/orders/${orderId}/status`,
    headers: manager.auth,
    payload: { status: 'Scheduled' },
  });
  expect(approved.statusCode).toBe(200);
  return { store, truck, orderId, day: daysFromNow(days) };
}

describe('the dispatch planner and trucks under repair', () => {
  it('refuses to commit a proposal whose truck went Under Repair, naming it and its note; plans around it after', async () => {
    const w = await world(9);
    const p = (await propose(w.day)).json();
    expect(p.deliveries.map((d: { truck_id: number }) => d.truck_id)).toEqual([w.truck.truckId]);

    expect((await setStatus(w.truck.truckId, 'Under Repair', 'Cracked windscreen')).statusCode).toBe(200);
    const res = await app.inject({
      method: 'POST',
      url: `/api/planning/proposals/${p.proposal_id}/commit`,
      headers: manager.auth,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain(
      `Truck ${w.truck.plateNumber} is Under Repair (Cracked windscreen) and cannot take new runs`,
    );
    const runs = await app.ctx.db.execute(sql`select 1 from deliveries where truck_id = ${w.truck.truckId}`);
    expect(runs.rows).toEqual([]);

    const again = (await propose(w.day)).json();
    expect(again.deliveries).toEqual([]);
    expect(again.unplanned).toContainEqual(
      expect.objectContaining({
        order_id: w.orderId,
        stage: 'truck',
        reason: `No truck: the ${w.store.cityName} store has no truck that is not under repair`,
      }),
    );
  });

  it('plans on a truck In Service: it is roadworthy', async () => {
    const w = await world(10);
    expect((await setStatus(w.truck.truckId, 'In Service', 'Serviced on Monday')).statusCode).toBe(200);
    const p = (await propose(w.day)).json();
    expect(p.deliveries.map((d: { truck_id: number }) => d.truck_id)).toEqual([w.truck.truckId]);
  });
});
