import { describe, expect, it } from 'vitest';
import type { Assignment } from '#shared/contract/crew';
import { startGate } from './start-gate';

const run = (values: Partial<Assignment>): Assignment => ({
  delivery_id: 29,
  end_location: 'Moratuwa',
  plate_number: 'WP LA-4521',
  driver_name: 'D',
  status: 'Scheduled',
  order_count: 2,
  delivery_date_time: '2026-11-24T10:00:00Z', // 15:30 in Colombo
  end_date_time: '2026-11-24T13:00:00Z',
  route_name: 'R',
  route_towns: [],
  store_city: 'Colombo',
  assistant_name: 'A',
  crew_role: 'Driver',
  crew_mate_name: 'A',
  item_count: 4,
  confirmed_count: 0,
  failed_count: 0,
  started_at: null,
  completed_at: null,
  truck_status: 'Available',
  truck_status_note: null,
  start_opens_at: '2026-11-24T08:00:00Z', // 13:30 in Colombo
  start_refusal: null,
  blocking_delivery_id: null,
  ...values,
});

describe('startGate', () => {
  it('says when the start window opens, in Colombo time, until it does', () => {
    expect(startGate(run({}), new Date('2026-11-24T07:59:00Z'))).toEqual({
      blocked: true,
      kind: 'window',
      reason: 'You can start it from 13:30, 2 hours before it leaves at 15:30.',
    });
    // another day in Colombo: the date is said too
    expect(startGate(run({}), new Date('2026-11-23T10:00:00Z')).reason).toBe(
      'You can start it from 13:30 on 24 Nov, 2 hours before it leaves at 15:30.',
    );
    // a run leaving just after midnight opens the evening before
    expect(
      startGate(
        run({ delivery_date_time: '2026-11-24T19:00:00Z', start_opens_at: '2026-11-24T17:00:00Z' }),
        new Date('2026-11-24T16:00:00Z'),
      ).reason,
    ).toBe('You can start it from 22:30, 2 hours before it leaves at 00:30 on 25 Nov.');
    expect(startGate(run({}), new Date('2026-11-24T07:59:00Z')).reason).toBe(
      'You can start it from 13:30, 2 hours before it leaves at 15:30.',
    );
    expect(startGate(run({}), new Date('2026-11-24T08:00:00Z'))).toEqual({
      blocked: false,
      reason: null,
      kind: null,
    });
  });

  it("shows the server's refusal first (a run on the road, a truck under repair), whatever the time", () => {
    const refusal =
      'Truck WP LA-4521 is on delivery #28 (Colombo North), In Transit since 09:10 (Colombo time): finish it before starting delivery #29';
    expect(startGate(run({ start_refusal: refusal }), new Date('2026-11-24T07:00:00Z'))).toEqual({
      blocked: true,
      kind: 'refusal',
      reason: refusal,
    });
    expect(startGate(run({ status: 'In Transit', start_refusal: refusal }), new Date()).blocked).toBe(false);
  });
});
