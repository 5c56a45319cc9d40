import type { AppContext } from '#server/context';
import { withActor } from '#server/db/client';
import { toCents, tripLoadStatus, utilisationPercent } from '#server/domain/allocation';
import type { AuthUser } from '#server/http/auth-context';
import { conflict, notFound, unprocessable } from '#server/http/errors';
import type {
  CreateTrainTripRequest,
  TrainTrip,
  TrainTripDetail,
  TrainTripListQuery,
  UpdateTrainTripRequest,
} from '#shared/contract/train-trips';
import { addDays, businessDate, startOfBusinessDay } from '#shared/dates';
import * as q from './train-trips.queries';

/** A trip row with the figures the board shows. */
export function tripView(row: q.TripRow, now: Date): TrainTrip {
  const used = toCents(row.used_capacity);
  const total = toCents(row.total_capacity);
  const departed = new Date(row.departure_date_time) <= now;
  const arrived = new Date(row.arrival_date_time) <= now;
  return {
    ...row,
    free_capacity: (total - used) / 100,
    utilization_percent: utilisationPercent(used, total),
    status: tripLoadStatus(used, total),
    journey: arrived ? 'Arrived' : departed ? 'Departed' : 'Upcoming',
  };
}

async function arrivalCityId(ctx: AppContext, name: string | undefined): Promise<number | undefined> {
  if (!name) return undefined;
  const city = await q.findStoreCity(ctx.db, name);
  if (!city) throw unprocessable(`arrival_city: there is no store in '${name}'`);
  return city.city_id;
}

export async function listTrainTrips(ctx: AppContext, query: TrainTripListQuery) {
  const now = ctx.clock();
  if (query.from && query.to && query.from > query.to) {
    throw unprocessable(`from: the period starts (${query.from}) after it ends (${query.to})`);
  }
  const filter: q.TripFilter = {
    arrivalCityId: await arrivalCityId(ctx, query.arrival_city),
    from: startOfBusinessDay(query.from ?? businessDate(now)),
    before: query.to ? startOfBusinessDay(addDays(query.to, 1)) : undefined,
  };
  const [total, rows] = await Promise.all([
    q.countTrips(ctx.db, filter),
    q.listTrips(ctx.db, filter, query.page_size, (query.page - 1) * query.page_size),
  ]);
  return { total, rows: rows.map((r) => tripView(r, now)) };
}

export async function getTrainTrip(ctx: AppContext, tripId: number): Promise<TrainTripDetail> {
  const [row, orders] = await Promise.all([q.findTrip(ctx.db, tripId), q.tripOrders(ctx.db, tripId)]);
  if (!row) throw notFound(`Train trip ${tripId} not found`);
  return { ...tripView(row, ctx.clock()), orders };
}

export async function createTrainTrip(ctx: AppContext, user: AuthUser, input: CreateTrainTripRequest) {
  const now = ctx.clock();
  const departure = new Date(input.departure_date_time);
  const arrival = new Date(input.arrival_date_time);
  if (departure <= now) throw unprocessable('departure_date_time: a new trip must depart in the future');
  if (arrival <= departure) {
    throw unprocessable('arrival_date_time: the train must arrive after it departs');
  }
  const tripId = await withActor(ctx.db, user.userId, async (tx) => {
    const city = await q.findStoreCity(tx, input.arrival_city);
    if (!city) throw unprocessable(`arrival_city: there is no store in '${input.arrival_city}'`);
    const hub = await q.findHubCityId(tx);
    if (hub === undefined) throw conflict('No central warehouse city is set up: trips depart from it');
    return q.insertTrip(tx, {
      trainName: input.train_name?.trim() || `Kandy–${city.name} Goods`,
      departureCityId: hub,
      arrivalCityId: city.city_id,
      departureDateTime: departure,
      arrivalDateTime: arrival,
      totalCapacity: input.total_capacity,
    });
  });
  return getTrainTrip(ctx, tripId);
}

/** A new total capacity; never below what is booked (the row lock and the CHECK make that hold). */
export async function updateTrainTrip(
  ctx: AppContext,
  user: AuthUser,
  tripId: number,
  input: UpdateTrainTripRequest,
) {
  await withActor(ctx.db, user.userId, async (tx) => {
    const trip = await q.lockTrip(tx, tripId);
    if (!trip) throw notFound(`Train trip ${tripId} not found`);
    if (toCents(input.total_capacity) < toCents(trip.used_capacity)) {
      throw conflict(
        `Train trip ${tripId} has ${trip.used_capacity} units of space booked; its capacity cannot go below that`,
      );
    }
    await q.setTripCapacity(tx, tripId, input.total_capacity);
  });
  return getTrainTrip(ctx, tripId);
}
