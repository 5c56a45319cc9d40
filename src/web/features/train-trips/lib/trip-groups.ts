import type { TrainTrip } from '#shared/contract/train-trips';
import { todayIso } from '#web/lib/format';

export interface TripDay {
  /** YYYY-MM-DD of departure in Colombo. */
  day: string;
  trips: TrainTrip[];
}

/** Trips (already earliest first) grouped by their departure day, in order. */
export function groupByDay(trips: readonly TrainTrip[]): TripDay[] {
  const days: TripDay[] = [];
  for (const trip of trips) {
    const day = todayIso(new Date(trip.departure_date_time));
    const last = days[days.length - 1];
    if (last?.day === day) last.trips.push(trip);
    else days.push({ day, trips: [trip] });
  }
  return days;
}
