import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '#shared/contract/orders';
import { testTranslator } from '#web/i18n/testing';
import { buildOrderTimeline } from './order-timeline';

const now = new Date('2025-03-10T12:00:00Z');
// the steps' titles in English, as they read before the screens were translated
const t = testTranslator('en');

function order(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    order_id: 7,
    customer_id: 1,
    customer_name: 'Perera Stores',
    customer_city: 'Galle',
    order_date: '2025-03-01T08:00:00Z',
    schedule_date: '2025-03-14',
    status: 'Pending',
    delivery_address: '1 Main St, Galle',
    special_instructions: null,
    delivery_date_time: null,
    delivery_status: null,
    items: [],
    subtotal: 0,
    delivery_fee: 25,
    total: 25,
    train_legs: [],
    truck_delivery: null,
    history: [
      {
        from_status: null,
        to_status: 'Pending',
        changed_at: '2025-03-01T08:00:00Z',
        changed_by: 'c',
        reason: null,
        by_customer: true,
      },
    ],
    changes: [],
    attachments: [],
    receipts: [],
    status_label: 'Waiting for approval',
    customer_stage: 'awaiting_approval',
    next_step: null,
    delivery_failures: [],
    returned_at: null,
    credit: 0,
    amount_due: 25,
    ...overrides,
  };
}

const leg = (id: number, dep: string, arr: string) => ({
  train_trip_id: id,
  train_name: `Train ${id}`,
  departure_city: 'Kandy',
  arrival_city: 'Galle',
  departure_date_time: dep,
  arrival_date_time: arr,
  space: 10,
});

const scheduled = {
  from_status: 'Pending' as const,
  to_status: 'Scheduled' as const,
  changed_at: '2025-03-02T09:00:00Z',
  changed_by: 'manager',
  reason: null,
  by_customer: false,
};

function summary(steps: ReturnType<typeof buildOrderTimeline>) {
  return steps.map((s) => `${s.key}:${s.state}`);
}

describe('buildOrderTimeline', () => {
  it('shows a pending order as placed with approval next', () => {
    expect(summary(buildOrderTimeline(order(), now, t))).toEqual([
      'placed:done',
      'approved:current',
      'train:upcoming',
      'arrived:upcoming',
      'out-for-delivery:upcoming',
      'delivered:upcoming',
    ]);
    expect(buildOrderTimeline(order(), now, t)[2]?.title).toBe('On the train to Galle store');
  });

  it('marks train legs done once they have left and the store once the last one arrived', () => {
    const steps = buildOrderTimeline(
      order({
        status: 'Scheduled',
        history: [...order().history, scheduled],
        train_legs: [
          leg(2, '2025-03-11T06:00:00Z', '2025-03-11T10:00:00Z'),
          leg(1, '2025-03-09T06:00:00Z', '2025-03-09T10:00:00Z'),
        ],
      }),
      now,
      t,
    );
    expect(summary(steps)).toEqual([
      'placed:done',
      'approved:done',
      'train-1:done',
      'train-2:current',
      'arrived:upcoming',
      'out-for-delivery:upcoming',
      'delivered:upcoming',
    ]);
    expect(steps[1]?.at).toBe('2025-03-02T09:00:00Z');
    expect(steps[2]?.at).toBe('2025-03-09T06:00:00Z');
  });

  it('marks arrival with the last leg arrival time when it is past', () => {
    const steps = buildOrderTimeline(
      order({
        status: 'Scheduled',
        history: [...order().history, scheduled],
        train_legs: [leg(1, '2025-03-09T06:00:00Z', '2025-03-09T10:00:00Z')],
      }),
      now,
      t,
    );
    expect(steps.find((s) => s.key === 'arrived')).toMatchObject({
      state: 'done',
      at: '2025-03-09T10:00:00Z',
    });
    expect(steps.find((s) => s.key === 'out-for-delivery')?.state).toBe('current');
  });

  it('shows a delivered order with every step done and the truck on the way out', () => {
    const truck = {
      delivery_id: 3,
      route_name: 'Galle Fort',
      plate_number: 'WP-1234',
      delivery_date_time: '2025-03-12T08:00:00Z',
      status: 'Delivered',
      driver_name: 'Sunil',
    };
    const steps = buildOrderTimeline(
      order({
        status: 'Delivered',
        truck_delivery: truck,
        history: [
          ...order().history,
          scheduled,
          {
            ...scheduled,
            from_status: 'Scheduled',
            to_status: 'In Transit',
            changed_at: '2025-03-12T08:05:00Z',
          },
          {
            ...scheduled,
            from_status: 'In Transit',
            to_status: 'Delivered',
            changed_at: '2025-03-12T11:00:00Z',
          },
        ],
      }),
      now,
      t,
    );
    expect(steps.every((s) => s.state === 'done')).toBe(true);
    expect(steps.find((s) => s.key === 'out-for-delivery')).toMatchObject({
      at: '2025-03-12T08:05:00Z',
      truck,
    });
    expect(steps.at(-1)).toMatchObject({ key: 'delivered', at: '2025-03-12T11:00:00Z' });
  });

  it('does not show the planned truck time as the delivery time of an order on its way', () => {
    const steps = buildOrderTimeline(
      order({
        status: 'In Transit',
        delivery_date_time: '2025-03-12T08:00:00Z',
        history: [
          ...order().history,
          scheduled,
          {
            ...scheduled,
            from_status: 'Scheduled',
            to_status: 'In Transit',
            changed_at: '2025-03-12T08:05:00Z',
          },
        ],
      }),
      now,
      t,
    );
    expect(steps.at(-1)).toMatchObject({ key: 'delivered', state: 'current', at: null });
  });

  it('ends a cancelled order with its reason after the steps it reached', () => {
    const steps = buildOrderTimeline(
      order({
        status: 'Cancelled',
        history: [
          ...order().history,
          scheduled,
          {
            from_status: 'Scheduled',
            to_status: 'Cancelled',
            changed_at: '2025-03-03T10:00:00Z',
            changed_by: 'manager',
            reason: 'Out of stock',
            by_customer: false,
          },
        ],
      }),
      now,
      t,
    );
    expect(summary(steps)).toEqual(['placed:done', 'approved:done', 'cancelled:cancelled']);
    expect(steps.at(-1)).toMatchObject({ at: '2025-03-03T10:00:00Z', reason: 'Out of stock' });
  });

  it('cancels a pending order right after placing', () => {
    const steps = buildOrderTimeline(order({ status: 'Cancelled' }), now, t);
    expect(summary(steps)).toEqual(['placed:done', 'cancelled:cancelled']);
    expect(steps.at(-1)?.reason).toBeNull();
    expect(steps.at(-1)?.title).toBe('Cancelled');
  });

  const change = {
    changed_at: '2025-03-01T09:00:00Z',
    changed_by: 'c',
    by_customer: true,
    schedule_date_before: '2025-03-14',
    schedule_date_after: '2025-03-15',
    lines: [{ product_id: 1, product_name: 'Tea', before: 2, after: 3 }],
  };

  it("shows the customer's changes after Placed, done, with approval still the next step", () => {
    const steps = buildOrderTimeline(
      order({ changes: [change, { ...change, changed_at: '2025-03-01T10:00:00Z' }] }),
      now,
      t,
    );
    expect(summary(steps).slice(0, 4)).toEqual([
      'placed:done',
      'changed-0:done',
      'changed-1:done',
      'approved:current',
    ]);
    expect(steps[1]).toMatchObject({ title: 'Changed by you', at: '2025-03-01T09:00:00Z', change });
  });

  it('says "Cancelled by you" when the customer cancelled, with its reason, after its changes', () => {
    const steps = buildOrderTimeline(
      order({
        status: 'Cancelled',
        changes: [change],
        history: [
          ...order().history,
          {
            from_status: 'Pending',
            to_status: 'Cancelled',
            changed_at: '2025-03-02T10:00:00Z',
            changed_by: 'c',
            reason: 'Ordered by mistake',
            by_customer: true,
          },
        ],
      }),
      now,
      t,
    );
    expect(summary(steps)).toEqual(['placed:done', 'changed-0:done', 'cancelled:cancelled']);
    expect(steps.at(-1)).toMatchObject({ title: 'Cancelled by you', reason: 'Ordered by mistake' });
  });

  const failure = {
    delivery_id: 4,
    route_name: 'Galle Fort',
    failed_at: '2025-03-09T11:00:00Z',
    reason: null,
    note: null,
    delivered_items: 1,
    failed_items: 1,
    items: [{ product_name: 'Tea', quantity: 2, reason: 'Damaged', note: 'Crushed' }],
  };
  const out = (at: string) => ({
    ...scheduled,
    from_status: 'Scheduled' as const,
    to_status: 'In Transit' as const,
    changed_at: at,
  });
  const back = {
    ...scheduled,
    from_status: 'In Transit' as const,
    to_status: 'Scheduled' as const,
    changed_at: '2025-03-09T11:00:00Z',
  };

  it('adds a failed delivery with what failed and what happens next, then the next delivery', () => {
    const steps = buildOrderTimeline(
      order({
        status: 'Scheduled',
        history: [...order().history, scheduled, out('2025-03-09T08:00:00Z'), back],
        train_legs: [leg(1, '2025-03-08T06:00:00Z', '2025-03-08T10:00:00Z')],
        delivery_failures: [failure],
        next_step: 'The item not delivered is back at the Galle store: we will deliver it again.',
      }),
      now,
      t,
    );
    expect(summary(steps)).toEqual([
      'placed:done',
      'approved:done',
      'train-1:done',
      'arrived:done',
      'out-0:done',
      'failed-0:failed',
      'out-for-delivery:current',
      'delivered:upcoming',
    ]);
    expect(steps.find((s) => s.key === 'out-0')?.at).toBe('2025-03-09T08:00:00Z');
    expect(steps.find((s) => s.key === 'failed-0')).toMatchObject({
      title: 'Partly delivered: 1 item not delivered',
      at: '2025-03-09T11:00:00Z',
      next: 'The item not delivered is back at the Galle store: we will deliver it again.',
    });
    expect(steps.find((s) => s.key === 'out-for-delivery')?.title).toBe('Out for delivery again');
  });

  it('ends with the items sent back to Kandy: done when some were delivered, cancelled when none', () => {
    const returned = {
      status: 'Delivered' as const,
      history: [...order().history, scheduled, out('2025-03-09T08:00:00Z'), back],
      delivery_failures: [failure],
      returned_at: '2025-03-10T09:00:00Z',
      credit: 12,
    };
    const steps = buildOrderTimeline(order(returned), now, t);
    expect(summary(steps).slice(-3)).toEqual(['out-0:done', 'failed-0:failed', 'returned:done']);
    expect(steps.at(-1)).toMatchObject({ title: 'The rest returned to Kandy, credited', credit: 12 });
    const none = buildOrderTimeline(
      order({ ...returned, status: 'Cancelled', delivery_failures: [{ ...failure, delivered_items: 0 }] }),
      now,
      t,
    );
    expect(summary(none).slice(-2)).toEqual(['failed-0:failed', 'returned:cancelled']);
    expect(none.find((s) => s.key === 'failed-0')?.title).toBe('Delivery failed');
  });
});
