import { describe, expect, it } from 'vitest';
import type { Truck } from '#shared/contract/deliveries';
import { truckRefusal } from './truck-choice';

const truck = (values: Partial<Truck>): Truck => ({
  truck_id: 1,
  plate_number: 'WP LA-4521',
  status: 'Available',
  capacity: 250,
  store_id: 1,
  store_city: 'Colombo',
  status_note: null,
  status_changed_at: '2026-11-20T03:00:00Z',
  scheduled_runs: 0,
  ...values,
});

describe('truckRefusal', () => {
  it('names the repair and its note, or the other store; In Service trucks are choosable', () => {
    expect(truckRefusal(truck({ status: 'Under Repair', status_note: 'Clutch' }), 1)).toBe(
      'Under Repair (Clutch)',
    );
    expect(truckRefusal(truck({ store_id: 2, store_city: 'Galle' }), 1)).toBe('based in Galle');
    expect(
      truckRefusal(truck({ status: 'In Service', status_note: 'Tail lift out of order' }), 1),
    ).toBeNull();
    expect(truckRefusal(truck({ store_id: 2 }), null)).toBeNull();
  });
});
