import type { AppContext } from '#server/context';
import { type Tx, withActor } from '#server/db/client';
import { truckUnderRepair } from '#server/domain/roster-rules';
import { findTruck } from '#server/features/deliveries/index';
import { notifyEmployees, notifyManagers, truckRepairNotice } from '#server/features/notifications/index';
import type { AuthUser } from '#server/http/auth-context';
import { conflict, notFound, pgConstraint, pgErrorCode, unprocessable } from '#server/http/errors';
import type { Truck } from '#shared/contract/deliveries';
import type { TruckRequest, TruckStatusRequest } from '#shared/contract/fleet';
import * as q from './fleet.queries';

type ParsedTruck = {
  plate_number: string;
  capacity: number;
  store_id: number;
  status: TruckRequest['status'];
  status_note?: string | null;
};
type ParsedStatus = { status: TruckStatusRequest['status']; status_note?: string | null };

const runList = (ids: number[]) => ids.map((id) => `#${id}`).join(', ');

async function answer(ctx: AppContext, truckId: number): Promise<Truck> {
  return (await findTruck(ctx.db, truckId))!;
}

/** The database's word when a race got past the checks: the plate index, the capacity trigger. */
function databaseRefusal(err: unknown, plate: string): never {
  if (pgErrorCode(err) === '23505' && pgConstraint(err) === 'trucks_plate_upper_uq') {
    throw conflict(`Plate ${plate} is already another truck's`);
  }
  if (pgErrorCode(err) === '23514' && pgConstraint(err) === 'deliveries_truck_capacity') {
    throw conflict(`Truck ${plate} carries more on a run not yet delivered than that capacity`);
  }
  if (pgErrorCode(err) === '23503') throw unprocessable('store_id: there is no such store');
  throw err;
}

async function assertPlateFree(tx: Tx, plate: string, truckId: number | null) {
  const other = await q.truckWithPlate(tx, plate, truckId);
  if (other) {
    throw conflict(
      `Plate ${plate} is already truck #${other.truck_id} (${other.plate_number}, ${other.store_city} store)`,
    );
  }
}

async function assertStore(tx: Tx, storeId: number) {
  const store = await q.lockStore(tx, storeId);
  if (!store) throw unprocessable(`store_id: there is no store ${storeId}`);
  return store;
}

/**
 * A truck just put Under Repair with runs not started yet: the managers (who move the runs to
 * another truck) and those runs' crews are told.
 */
async function tellAboutRepair(
  tx: Tx,
  truck: { plateNumber: string; note: string | null },
  truckId: number,
  at: Date,
) {
  const runs = (await q.openRunsOfTruck(tx, truckId)).filter((r) => r.status === 'Scheduled');
  if (runs.length === 0) return;
  const repair = truckUnderRepair({ plateNumber: truck.plateNumber, statusNote: truck.note });
  await notifyManagers(tx, {
    type: 'Alert',
    message: `${repair}: ${runs.length === 1 ? 'delivery' : 'deliveries'} ${runList(runs.map((r) => r.delivery_id))} ${runs.length === 1 ? 'is scheduled on it and needs' : 'are scheduled on it and need'} another truck.`,
    at,
    deliveryId: runs[0]!.delivery_id,
  });
  for (const run of runs) {
    const crew = await q.crewOfRun(tx, run.delivery_id);
    await notifyEmployees(tx, [crew.driver_employee_id, crew.assistant_employee_id], {
      type: 'Alert',
      // in each crew member's language (decision 0082)
      message: truckRepairNotice({ deliveryId: run.delivery_id, plate: truck.plateNumber, note: truck.note }),
      at,
      deliveryId: run.delivery_id,
    });
  }
}

/** POST /Trucks/trucks: a new truck of a store (admins). */
export async function createTruck(ctx: AppContext, user: AuthUser, input: ParsedTruck): Promise<Truck> {
  const now = ctx.clock();
  const id = await withActor(ctx.db, user.userId, async (tx) => {
    await assertStore(tx, input.store_id);
    await assertPlateFree(tx, input.plate_number, null);
    return q.insertTruck(
      tx,
      {
        plateNumber: input.plate_number,
        capacity: input.capacity,
        storeId: input.store_id,
        status: input.status,
        statusNote: input.status_note ?? null,
      },
      now,
    );
  }).catch((err) => databaseRefusal(err, input.plate_number));
  return answer(ctx, id);
}

/**
 * PUT /Trucks/trucks/{id}: plate, capacity, home store and status (admins). The store changes
 * only while the truck has no run to do (its runs start at its store); the capacity never goes
 * below what a run not yet delivered carries (the database checks it too, migration 0029).
 */
export async function updateTruck(
  ctx: AppContext,
  user: AuthUser,
  truckId: number,
  input: ParsedTruck,
): Promise<Truck> {
  const now = ctx.clock();
  await withActor(ctx.db, user.userId, async (tx) => {
    const truck = await q.lockTruckRecord(tx, truckId);
    if (!truck) throw notFound(`Truck ${truckId} not found`);
    await assertPlateFree(tx, input.plate_number, truckId);
    const open = await q.openRunsOfTruck(tx, truckId);
    if (input.store_id !== truck.store_id) {
      const store = await assertStore(tx, input.store_id);
      if (open.length > 0) {
        throw conflict(
          `Truck ${truck.plate_number} has ${open.length === 1 ? 'delivery' : 'deliveries'} ${runList(open.map((r) => r.delivery_id))} from the ${truck.store_city} store not yet done: move ${open.length === 1 ? 'it' : 'them'} to another truck before moving the truck to the ${store.city} store`,
        );
      }
    }
    const heaviest = open.reduce<q.OpenRun | null>(
      (max, r) => (max === null || r.loaded_space > max.loaded_space ? r : max),
      null,
    );
    if (heaviest && heaviest.loaded_space > input.capacity) {
      throw conflict(
        `Truck ${truck.plate_number} carries ${heaviest.loaded_space} units of space on delivery #${heaviest.delivery_id}: its capacity cannot go below that`,
      );
    }
    const note = input.status_note ?? null;
    await q.updateTruck(
      tx,
      truckId,
      {
        plateNumber: input.plate_number,
        capacity: input.capacity,
        storeId: input.store_id,
        status: input.status,
        statusNote: note,
      },
      now,
    );
    if (input.status === 'Under Repair' && truck.status !== 'Under Repair') {
      await tellAboutRepair(tx, { plateNumber: input.plate_number, note }, truckId, now);
    }
  }).catch((err) => databaseRefusal(err, input.plate_number));
  return answer(ctx, truckId);
}

/**
 * PATCH /Trucks/trucks/{id}/status: the truck's condition with a note (managers and admins).
 * Under Repair keeps it off new runs; the runs it already has stay and are flagged.
 */
export async function setTruckStatus(
  ctx: AppContext,
  user: AuthUser,
  truckId: number,
  input: ParsedStatus,
): Promise<Truck> {
  const now = ctx.clock();
  await withActor(ctx.db, user.userId, async (tx) => {
    const truck = await q.lockTruckRecord(tx, truckId);
    if (!truck) throw notFound(`Truck ${truckId} not found`);
    const note = input.status_note ?? null;
    await q.setTruckStatus(tx, truckId, input.status, note, now);
    if (input.status === 'Under Repair' && truck.status !== 'Under Repair') {
      await tellAboutRepair(tx, { plateNumber: truck.plate_number, note }, truckId, now);
    }
  });
  return answer(ctx, truckId);
}

/**
 * DELETE /Trucks/trucks/{id}: only a truck that never had a run (a mistake); one with history is
 * kept for it, and Under Repair keeps it off new runs.
 */
export async function deleteTruck(ctx: AppContext, user: AuthUser, truckId: number): Promise<void> {
  await withActor(ctx.db, user.userId, async (tx) => {
    const truck = await q.lockTruckRecord(tx, truckId);
    if (!truck) throw notFound(`Truck ${truckId} not found`);
    const history = await q.truckHistory(tx, truckId);
    if (history.runs > 0) {
      const runs =
        history.runs === 1
          ? `delivery #${history.latest}`
          : `${history.runs} deliveries (the latest #${history.latest})`;
      throw conflict(
        `Truck ${truck.plate_number} cannot be deleted: it has ${runs} and is kept for their history; set it Under Repair with a note to keep it off new runs`,
      );
    }
    await q.deleteTruck(tx, truckId);
  });
}
