import { describe, expect, it } from 'vitest';
import type { DeliveryItem } from '#shared/contract/crew';
import { groupStops, stopOutcome } from './group-items';

const item = (order_id: number, product_id: number, extra: Partial<DeliveryItem> = {}): DeliveryItem => ({
  order_id,
  product_id,
  product_name: `P${product_id}`,
  customer_name: `C${order_id}`,
  quantity: 1,
  delivery_address: 'Main St',
  contact_number: null,
  special_instructions: null,
  order_status: 'In Transit',
  confirmed: false,
  confirmation_id: null,
  recipient_name: null,
  confirmed_by: null,
  confirmed_at: null,
  failed: false,
  failure_id: null,
  failure_reason: null,
  failure_note: null,
  failed_by: null,
  failed_at: null,
  ...extra,
});

describe('groupStops', () => {
  it('groups by order and marks items open, waiting to send, or confirmed', () => {
    const stops = groupStops(
      [item(1, 10, { confirmed: true, recipient_name: 'Ann' }), item(1, 11), item(2, 12), item(2, 13)],
      [
        {
          confirmation_id: 'x',
          delivery_id: 5,
          order_id: 2,
          product_id: 12,
          recipient_name: 'Bo',
          signature: null,
          note: null,
          queued_at: '2026-01-01T00:00:00Z',
        },
        // queued for another delivery: ignored here
        {
          confirmation_id: 'y',
          delivery_id: 6,
          order_id: 2,
          product_id: 13,
          recipient_name: 'Cy',
          signature: null,
          note: null,
          queued_at: '2026-01-01T00:00:00Z',
        },
      ],
      5,
    );
    expect(stops.map((s) => [s.order_id, s.open, s.waiting])).toEqual([
      [1, 1, 0],
      [2, 1, 1],
    ]);
    expect(stops[0]!.items[0]!.state).toMatchObject({ kind: 'confirmed', recipient_name: 'Ann' });
    expect(stops[1]!.items[0]!.state).toEqual({ kind: 'waiting', recipient_name: 'Bo' });
    expect(stops[1]!.items[1]!.state).toEqual({ kind: 'open' });
  });

  it('marks items not delivered and tells how the stop ended', () => {
    const [stop] = groupStops(
      [
        item(1, 10, { confirmed: true }),
        item(1, 11, { failed: true, failure_reason: 'Damaged', failure_note: 'Crushed' }),
      ],
      [],
      5,
    );
    expect(stop!.items[1]!.state).toMatchObject({ kind: 'failed', reason: 'Damaged', note: 'Crushed' });
    expect(stopOutcome(stop!)).toBe('partly_delivered');
    const [none] = groupStops([item(2, 12, { failed: true, failure_reason: 'Refused' })], [], 5);
    expect(stopOutcome(none!)).toBe('failed');
    const [open] = groupStops([item(3, 13), item(3, 14, { confirmed: true })], [], 5);
    expect(stopOutcome(open!)).toBe('open');
  });
});
