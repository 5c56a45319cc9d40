import type { AppContext } from '#server/context';
import { type Executor, withActor } from '#server/db/client';
import { fromCents, toCents } from '#server/domain/allocation';
import {
  type CrewMember,
  type CrewRole,
  crewViolation,
  deliverySlot,
  hoursBefore,
  type RouteInfo,
  rosterWindow,
  type Slot,
  truckViolation,
  weeklyLimit,
} from '#server/domain/roster-rules';
import { notifyCrewChange, notifyEmployees, truckChangedNotice } from '#server/features/notifications/index';
import type { AuthUser } from '#server/http/auth-context';
import { conflict, forbidden, notFound, pgConstraint, pgErrorCode, unprocessable } from '#server/http/errors';
import type {
  CreateDeliveryQuery,
  CrewOption,
  CrewOptions,
  CrewOptionsQuery,
  CrewUpdateRequest,
  Route,
  TruckChangeRequest,
} from '#shared/contract/deliveries';
import * as dq from './deliveries.queries';
import { getDelivery } from './deliveries.service';
import * as fq from './fleet.queries';

const routeInfo = (r: Route): RouteInfo => ({
  name: r.name,
  storeId: r.store_id,
  storeCity: r.store_city,
  maxDeliveryHours: r.max_delivery_hours,
});

const member = (row: fq.CrewRow, role: CrewRole): CrewMember => ({
  employeeId: row.employee_id,
  name: row.name,
  role,
  storeId: row.store_id,
  storeCity: row.store_city,
  weeklyHourLimit: row.weekly_hour_limit,
});

const toSlot = (row: dq.SlotRow): Slot => ({
  deliveryId: row.delivery_id,
  start: new Date(row.start_at),
  end: new Date(row.end_at),
});

const slotsOf = (rows: dq.SlotRow[], employeeId: number) =>
  rows
    .filter((r) => r.driver_employee_id === employeeId || r.assistant_employee_id === employeeId)
    .map(toSlot);

async function routeOrFail(db: Executor, routeId: number): Promise<Route> {
  const route = await fq.findRoute(db, routeId);
  if (!route) throw unprocessable(`route_id: route ${routeId} not found`);
  return route;
}

/** Locks the chosen driver and assistant (id order) and checks they are who the fields say. */
async function lockCrew(tx: Executor, driverId: number | null, assistantId: number | null) {
  const wanted = [
    { id: driverId, role: 'driver' as const, field: 'driver_employee_id', type: 'Driver' },
    { id: assistantId, role: 'assistant' as const, field: 'assistant_employee_id', type: 'Assistant' },
  ].filter((w): w is typeof w & { id: number } => w.id !== null);
  const rows = await fq.lockEmployees(
    tx,
    wanted.map((w) => w.id).sort((a, b) => a - b),
  );
  return wanted.map((w) => {
    const row = rows.find((r) => r.employee_id === w.id);
    if (!row) throw unprocessable(`${w.field}: employee ${w.id} not found`);
    if (row.type !== w.type) {
      throw unprocessable(
        `${w.field}: employee ${w.id} (${row.name}) is not a ${w.role} (type: ${row.type})`,
      );
    }
    if (!row.is_active) throw conflict(`${w.type} ${row.name} no longer works for the company`);
    return member(row, w.role);
  });
}

/** 409 with the first roster rule any of the crew would break. */
function assertCrewRules(crew: CrewMember[], route: RouteInfo, rows: dq.SlotRow[], slot: Slot) {
  for (const person of crew) {
    const violation = crewViolation(person, route, slotsOf(rows, person.employeeId), slot);
    if (violation) throw conflict(violation.detail);
  }
}

/**
 * POST /deliveries/deliveries: a truck on a route at a time, with an optional crew. The truck
 * row, then the crew rows (id order), are locked before the rules run, so two managers can never
 * double-book a truck or a person; every rule refused is a 409 naming the rule and who breaks it.
 */
export async function createDelivery(ctx: AppContext, user: AuthUser, query: CreateDeliveryQuery) {
  if (query.user_id !== user.userId) {
    throw forbidden(
      `user_id ${query.user_id} is not the signed-in user: deliveries are scheduled in your own name`,
    );
  }
  const now = ctx.clock();
  const start = new Date(query.delivery_date_time);
  if (start <= now) throw unprocessable('delivery_date_time: a delivery must be scheduled in the future');
  const route = await routeOrFail(ctx.db, query.route_id);
  const slot = deliverySlot(start, route.max_delivery_hours);
  return getDelivery(
    ctx.db,
    await withActor(ctx.db, user.userId, async (tx) => {
      const truck = await fq.lockTruck(tx, query.truck_id);
      if (!truck) throw unprocessable(`truck_id: truck ${query.truck_id} not found`);
      const crew = await lockCrew(tx, query.driver_employee_id ?? null, query.assistant_employee_id ?? null);
      const window = rosterWindow(slot);
      const rows = await dq.slotsInWindow(
        tx,
        { truckId: truck.truck_id, employeeIds: crew.map((c) => c.employeeId) },
        window.from,
        window.to,
      );
      const truckClash = truckViolation(
        truckInfo(truck),
        routeInfo(route),
        rows.filter((r) => r.truck_id === truck.truck_id).map(toSlot),
        slot,
      );
      if (truckClash) throw conflict(truckClash.detail);
      assertCrewRules(crew, routeInfo(route), rows, slot);
      const crewIds = {
        driver: query.driver_employee_id ?? null,
        assistant: query.assistant_employee_id ?? null,
      };
      const id = await dq.insertDelivery(tx, {
        truckId: truck.truck_id,
        routeId: route.route_id,
        driverEmployeeId: crewIds.driver,
        assistantEmployeeId: crewIds.assistant,
        deliveryDateTime: slot.start,
        endDateTime: slot.end,
        status: 'Scheduled',
        scheduledBy: user.userId,
        createdAt: now,
      });
      await notifyCrewChange(tx, id, { driver: null, assistant: null }, crewIds, now);
      return id;
    }),
  );
}

const truckInfo = (truck: fq.TruckRow) => ({
  plateNumber: truck.plate_number,
  status: truck.status,
  statusNote: truck.status_note,
  storeId: truck.store_id,
  storeCity: truck.store_city,
});

/**
 * PUT /deliveries/{id}/truck: a Scheduled run moves to another truck (its own is Under Repair,
 * or too small), under the truck rules of scheduling and within the new truck's capacity. Locks
 * the new truck, then the delivery (docs/decisions/0013's order); the crew is told.
 */
export async function changeTruck(
  ctx: AppContext,
  user: AuthUser,
  deliveryId: number,
  input: TruckChangeRequest,
) {
  try {
    await withActor(ctx.db, user.userId, async (tx) => {
      const truck = await fq.lockTruck(tx, input.truck_id);
      if (!truck) throw unprocessable(`truck_id: truck ${input.truck_id} not found`);
      const delivery = await dq.lockDelivery(tx, deliveryId);
      if (!delivery) throw notFound(`Delivery ${deliveryId} not found`);
      if (delivery.status !== 'Scheduled') {
        throw conflict(
          `Delivery ${deliveryId} is ${delivery.status}: its truck can only change before it starts`,
        );
      }
      if (delivery.truck_id === truck.truck_id) return;
      const route = await routeOrFail(tx, delivery.route_id);
      const slot: Slot = { deliveryId, start: new Date(delivery.start_at), end: new Date(delivery.end_at) };
      const window = rosterWindow(slot);
      const rows = await dq.slotsInWindow(tx, { truckId: truck.truck_id }, window.from, window.to);
      const clash = truckViolation(truckInfo(truck), routeInfo(route), rows.map(toSlot), slot);
      if (clash) throw conflict(clash.detail);
      if (toCents(delivery.loaded_space) > toCents(truck.capacity)) {
        throw conflict(
          `Truck ${truck.plate_number} can carry ${fromCents(toCents(truck.capacity))} units of space; delivery ${deliveryId} carries ${fromCents(toCents(delivery.loaded_space))}`,
        );
      }
      await dq.setTruck(tx, deliveryId, truck.truck_id);
      await notifyEmployees(tx, [delivery.driver_employee_id, delivery.assistant_employee_id], {
        type: 'Alert',
        // in each crew member's language (decision 0082)
        message: truckChangedNotice({
          deliveryId,
          route: route.name,
          plate: truck.plate_number,
          before: delivery.plate_number,
        }),
        at: ctx.clock(),
        deliveryId,
      });
    });
  } catch (err) {
    // the database's last word (migrations 0004 and 0029), when a change raced past the checks
    const constraint = pgErrorCode(err) === '23514' ? pgConstraint(err) : undefined;
    if (constraint === 'deliveries_truck_capacity' || constraint === 'deliveries_truck_under_repair') {
      throw conflict(`Truck ${input.truck_id} cannot take delivery ${deliveryId} now: reload and try again`);
    }
    throw err;
  }
  return getDelivery(ctx.db, deliveryId);
}

/** PUT /deliveries/{id}/crew: set or clear the driver and assistant, under the same rules. */
export async function updateCrew(
  ctx: AppContext,
  user: AuthUser,
  deliveryId: number,
  input: CrewUpdateRequest,
) {
  await withActor(ctx.db, user.userId, async (tx) => {
    const delivery = await dq.lockDelivery(tx, deliveryId);
    if (!delivery) throw notFound(`Delivery ${deliveryId} not found`);
    if (delivery.status !== 'Scheduled') {
      throw conflict(
        `Delivery ${deliveryId} is ${delivery.status}: its crew can only change before it starts`,
      );
    }
    const route = await routeOrFail(tx, delivery.route_id);
    const slot: Slot = { deliveryId, start: new Date(delivery.start_at), end: new Date(delivery.end_at) };
    const crew = await lockCrew(tx, input.driver_employee_id, input.assistant_employee_id);
    const window = rosterWindow(slot);
    const rows = await dq.slotsInWindow(
      tx,
      { employeeIds: crew.map((c) => c.employeeId) },
      window.from,
      window.to,
    );
    assertCrewRules(crew, routeInfo(route), rows, slot);
    await dq.setCrew(tx, deliveryId, input.driver_employee_id, input.assistant_employee_id);
    await notifyCrewChange(
      tx,
      deliveryId,
      { driver: delivery.driver_employee_id, assistant: delivery.assistant_employee_id },
      { driver: input.driver_employee_id, assistant: input.assistant_employee_id },
      ctx.clock(),
    );
  });
  return getDelivery(ctx.db, deliveryId);
}

/** GET /deliveries/crew-options: the store's drivers and assistants, free ones first, with the rule the others would break. */
export async function crewOptions(ctx: AppContext, query: CrewOptionsQuery): Promise<CrewOptions> {
  const route = await routeOrFail(ctx.db, query.route_id);
  const slot = deliverySlot(
    new Date(query.delivery_date_time),
    route.max_delivery_hours,
    query.delivery_id ?? null,
  );
  const people = await fq.crewOfStore(ctx.db, route.store_id);
  const window = rosterWindow(slot);
  const rows = await dq.slotsInWindow(
    ctx.db,
    { employeeIds: people.map((p) => p.employee_id) },
    window.from,
    window.to,
  );
  const options = (type: string, role: CrewRole): CrewOption[] =>
    people
      .filter((p) => p.type === type)
      .map((p) => {
        const m = member(p, role);
        const mine = slotsOf(rows, p.employee_id);
        const violation = crewViolation(m, routeInfo(route), mine, slot);
        return {
          employee_id: p.employee_id,
          name: p.name,
          store_city: p.store_city,
          week_hours: hoursBefore(mine, slot),
          weekly_limit: weeklyLimit(m),
          available: violation === null,
          rule: violation?.rule ?? null,
          reason: violation?.detail ?? null,
        };
      })
      .sort(
        (a, b) =>
          Number(b.available) - Number(a.available) ||
          a.week_hours - b.week_hours ||
          a.name.localeCompare(b.name),
      );
  return {
    delivery_date_time: slot.start.toISOString(),
    end_date_time: slot.end.toISOString(),
    drivers: options('Driver', 'driver'),
    assistants: options('Assistant', 'assistant'),
  };
}
