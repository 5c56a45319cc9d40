import type { OrderChange, OrderDetail } from '#shared/contract/orders';
import type { OrderStatus } from '#shared/order-status';
import { changedByText } from './order-changes';

type TrainLeg = OrderDetail['train_legs'][number];
type TruckDelivery = NonNullable<OrderDetail['truck_delivery']>;

export type TimelineStepState = 'done' | 'current' | 'upcoming' | 'cancelled';

export interface TimelineStep {
  key: string;
  title: string;
  state: TimelineStepState;
  /** When the step happened (ISO), when known. */
  at: string | null;
  leg?: TrainLeg;
  truck?: TruckDelivery;
  city?: string;
  reason?: string | null;
  /** A change of the order's items or date while it was Pending (decision 0061). */
  change?: OrderChange;
}

/** How far each status has come along the way: placed 0, approved 1, out for delivery 3, delivered 4. */
const STATUS_RANK: Record<OrderStatus, number> = {
  Pending: 0,
  Scheduled: 1,
  'In Transit': 3,
  Delivered: 4,
  Cancelled: 0,
};

function isPast(iso: string, now: Date): boolean {
  const time = Date.parse(iso);
  return Number.isFinite(time) && time <= now.getTime();
}

function changedAt(order: OrderDetail, to: OrderStatus): string | null {
  const entries = order.history.filter((h) => h.to_status === to);
  return entries.at(-1)?.changed_at ?? null;
}

/**
 * The customer's view of an order's journey: placed, approved, one step per train leg to the
 * destination store, arrival at the store, out for delivery on a truck, delivered. Steps are
 * done from the status history, or from the train timetable once a leg has left or arrived;
 * a done step implies every step before it is done. A cancelled order ends with its reason.
 */
export function buildOrderTimeline(order: OrderDetail, now: Date = new Date()): TimelineStep[] {
  const cancelled = order.status === 'Cancelled';
  const scheduledAt = changedAt(order, 'Scheduled');
  const rank = cancelled ? (scheduledAt ? 1 : 0) : STATUS_RANK[order.status];
  const legs = [...order.train_legs].sort((a, b) =>
    a.departure_date_time.localeCompare(b.departure_date_time),
  );
  const lastLeg = legs.at(-1);
  const city = lastLeg?.arrival_city ?? order.customer_city;

  const steps: (Omit<TimelineStep, 'state'> & { done: boolean })[] = [
    { key: 'placed', title: 'Placed', at: changedAt(order, 'Pending') ?? order.order_date, done: true },
    ...order.changes.map((change, i) => ({
      key: `changed-${i}`,
      title: changedByText(change),
      at: change.changed_at,
      change,
      done: true,
    })),
    {
      key: 'approved',
      title: 'Approved (Scheduled)',
      at: scheduledAt,
      done: rank >= 1 || scheduledAt !== null,
    },
  ];
  if (legs.length === 0) {
    steps.push({ key: 'train', title: `On the train to ${city} store`, at: null, city, done: rank >= 3 });
  }
  for (const leg of legs) {
    const departed = isPast(leg.departure_date_time, now);
    steps.push({
      key: `train-${leg.train_trip_id}`,
      title: `On the train to ${leg.arrival_city} store`,
      at: departed ? leg.departure_date_time : null,
      leg,
      city: leg.arrival_city,
      done: departed || rank >= 3,
    });
  }
  const arrived = lastLeg ? isPast(lastLeg.arrival_date_time, now) : false;
  steps.push({
    key: 'arrived',
    title: 'Arrived at the store',
    at: arrived && lastLeg ? lastLeg.arrival_date_time : null,
    city,
    done: arrived || rank >= 3,
  });
  const truck = order.truck_delivery ?? undefined;
  steps.push({
    key: 'out-for-delivery',
    title: 'Out for delivery',
    at: changedAt(order, 'In Transit') ?? (rank >= 3 && truck ? truck.delivery_date_time : null),
    truck,
    done: rank >= 3,
  });
  steps.push({
    key: 'delivered',
    title: 'Delivered',
    // delivery_date_time is the truck's planned time until the order is actually delivered.
    at: changedAt(order, 'Delivered') ?? (rank >= 4 ? order.delivery_date_time : null),
    done: rank >= 4,
  });

  // A later step being done means every earlier one is done too.
  const lastDone = steps.findLastIndex((s) => s.done);
  const resolved = steps.map((s, i) => ({ ...s, done: i <= lastDone }));

  if (cancelled) {
    const cancellation = order.history.filter((h) => h.to_status === 'Cancelled').at(-1);
    return [
      ...resolved.filter((s) => s.done).map(({ done: _done, ...s }) => ({ ...s, state: 'done' as const })),
      {
        key: 'cancelled',
        title: cancellation?.by_customer ? 'Cancelled by you' : 'Cancelled',
        state: 'cancelled',
        at: cancellation?.changed_at ?? null,
        reason: cancellation?.reason ?? null,
      },
    ];
  }
  return resolved.map(({ done, ...s }, i) => ({
    ...s,
    state: done ? 'done' : i === lastDone + 1 ? 'current' : 'upcoming',
  }));
}
