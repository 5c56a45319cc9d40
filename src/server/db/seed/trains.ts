import { CITY_DATA } from '../seed-data';
import { city, customer, DAY, HOUR, item } from './kit';
import type { PlanOrder, PlanTrip } from './plan';

/** A moment `hourUtc` hours into the given day counted from the UTC day of "now". */
export type DayClock = (day: number, hourUtc?: number) => Date;

/**
 * The demo trains: a weekly goods train per city on a fixed grid (k = weeks from now), plus one
 * small parcel van per city tomorrow, which departs before the next goods train. `allocate`
 * books an order's space on them; grid trips further back appear only where orders used them.
 */
export function planTrains(at: DayClock, day0: number) {
  const trips = new Map<string, PlanTrip>();
  const gridKey = (c: number, k: number) => `${c}:${k}`;
  const smallKey = (c: number) => `${c}:small`;
  const gridCapacity = (c: number, k: number) =>
    item([200, 250, 300, 350, 400], ((c + 3) * 7 + (k + 1000) * 3) % 5);
  const gridDeparture = (c: number, k: number) =>
    at(city(c).train.dayOffset + 7 * k, city(c).train.departHourUtc).getTime();
  function ensureGridTrip(c: number, k: number): PlanTrip {
    const key = gridKey(c, k);
    let trip = trips.get(key);
    if (!trip) {
      const departure = gridDeparture(c, k);
      trip = {
        key,
        cityIdx: c,
        trainName: city(c).train.trainName,
        departure: new Date(departure),
        arrival: new Date(departure + city(c).train.durationHours * HOUR),
        totalCents: gridCapacity(c, k) * 100,
        usedCents: 0,
        small: false,
      };
      trips.set(key, trip);
    }
    return trip;
  }
  for (let c = 0; c < CITY_DATA.length; c++) {
    // the past ~8 weeks and the coming ~4 weeks; older trips appear only where orders used them
    for (let k = -8; k <= 3; k++) ensureGridTrip(c, k);
    const departure = at(1, city(c).train.departHourUtc + 2);
    trips.set(smallKey(c), {
      key: smallKey(c),
      cityIdx: c,
      trainName: city(c).train.smallTrainName,
      departure,
      arrival: new Date(departure.getTime() + city(c).train.durationHours * HOUR),
      totalCents: city(c).train.smallCapacity * 100,
      usedCents: 0,
      small: true,
    });
  }

  /** Books the order's space on the earliest trips after approval that arrive before its date. */
  function allocate(order: PlanOrder, approval: Date, allowSmall = false): void {
    const c = order.cityIdx;
    const durationMs = city(c).train.durationHours * HOUR;
    const earliest = approval.getTime() + 2 * HOUR;
    const deadline = at(order.scheduleDay).getTime();
    const candidates: { key: string; departure: number; total: number; get: () => PlanTrip }[] = [];
    for (let k = Math.floor(((earliest - day0) / DAY - city(c).train.dayOffset) / 7) - 1; ; k++) {
      const departure = gridDeparture(c, k);
      if (departure >= deadline) break;
      if (departure < earliest || departure + durationMs >= deadline) continue;
      const week = k;
      candidates.push({
        key: gridKey(c, week),
        departure,
        total: gridCapacity(c, week) * 100,
        get: () => ensureGridTrip(c, week),
      });
    }
    const small = trips.get(smallKey(c));
    if (allowSmall && small && small.departure.getTime() >= earliest && small.arrival.getTime() < deadline) {
      candidates.push({
        key: small.key,
        departure: small.departure.getTime(),
        total: small.totalCents,
        get: () => small,
      });
    }
    candidates.sort((a, b) => a.departure - b.departure);
    let remaining = order.spaceCents;
    for (const candidate of candidates) {
      const free = candidate.total - (trips.get(candidate.key)?.usedCents ?? 0);
      const take = Math.min(free, remaining);
      if (take <= 0) continue;
      candidate.get().usedCents += take;
      order.allocations.push({ tripKey: candidate.key, cents: take, at: approval });
      remaining -= take;
      if (remaining === 0) return;
    }
    throw new Error(`seed: no train capacity for an order of ${customer(order.customerIdx).name}`);
  }

  return { trips, allocate };
}
