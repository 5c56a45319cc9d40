import { describe, expect, it } from 'vitest';
import type { TrainTrip } from '#shared/contract/train-trips';
import { groupByDay } from './trip-groups';

const trip = (id: number, departure: string) =>
  ({ train_trip_id: id, departure_date_time: departure }) as TrainTrip;

describe('groupByDay', () => {
  it('keeps the order and starts a group at each new departure day', () => {
    const noon = (d: number) => new Date(2030, 0, d, 12).toISOString();
    const groups = groupByDay([trip(1, noon(5)), trip(2, noon(5)), trip(3, noon(7))]);
    expect(groups.map((g) => [g.day, g.trips.map((t) => t.train_trip_id)])).toEqual([
      ['2030-01-05', [1, 2]],
      ['2030-01-07', [3]],
    ]);
    expect(groupByDay([])).toEqual([]);
  });
});
