import { describe, expect, it } from 'vitest';
import type { Assignment } from '#shared/contract/crew';
import { splitByDay } from './assignment-list';

const a = (id: number, status: Assignment['status'], start: string): Assignment => ({
  delivery_id: id,
  end_location: 'Moratuwa',
  plate_number: 'WP 1',
  driver_name: 'D',
  status,
  order_count: 1,
  delivery_date_time: start,
  end_date_time: start,
  route_name: 'R',
  route_towns: [],
  store_city: 'Colombo',
  assistant_name: 'A',
  crew_role: 'Driver',
  crew_mate_name: 'A',
  item_count: 1,
  confirmed_count: 0,
  failed_count: 0,
  started_at: null,
  completed_at: null,
  truck_status: 'Available',
  truck_status_note: null,
  start_opens_at: null,
  start_refusal: null,
  blocking_delivery_id: null,
});

describe('splitByDay', () => {
  it('puts runs starting today in Colombo (UTC+05:30) under Today, even when it is another day in UTC', () => {
    const now = new Date('2026-11-23T22:50:00Z'); // 04:20 on 24 Nov in Colombo
    const split = splitByDay(
      [
        a(1, 'In Transit', '2026-11-23T21:20:00Z'),
        a(2, 'Scheduled', '2026-11-24T01:30:00Z'), // 07:00 Colombo, 24 Nov
        a(3, 'Scheduled', '2026-11-24T20:00:00Z'), // 01:30 Colombo, 25 Nov
        a(4, 'Delivered', '2026-11-22T03:00:00Z'),
      ],
      now,
    );
    expect(split.today.map((x) => x.delivery_id)).toEqual([1, 2]);
    expect(split.upcoming.map((x) => x.delivery_id)).toEqual([3]);
    expect(split.delivered.map((x) => x.delivery_id)).toEqual([4]);
  });
});
