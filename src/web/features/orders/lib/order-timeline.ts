import type { OrderChange, OrderDetail } from '#shared/contract/orders';
import type { OrderStatus } from '#shared/order-status';
import { cityName } from '#web/i18n/city-name';
import type { Translate } from '#web/i18n/provider';
import { changedByText } from './order-changes';
import { nextStepText } from './order-texts';

type TrainLeg = OrderDetail['train_legs'][number];
type TruckDelivery = NonNullable<OrderDetail['truck_delivery']>;
type DeliveryFailure = OrderDetail['delivery_failures'][number];

/** `failed`: a delivery that did not hand everything over (decision 0058). */
export type TimelineStepState = 'done' | 'current' | 'upcoming' | 'cancelled' | 'failed';

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
  /** A change of the order's items or date while it was Pending (decision 0063). */
  change?: OrderChange;
  /** A failed (or partly delivered) delivery: what was not handed over, and why. */
  failure?: DeliveryFailure;
  /** The delivery a past attempt went out on ("Out for delivery" before a failure). */
  attempt?: { delivery_id: number; route_name: string };
  /** What happens next, on the step where the order stands (in the reader's language). */
  next?: string | null;
  /** Credited when the items not delivered went back to Kandy. */
  credit?: number;
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

type Draft = Omit<TimelineStep, 'state'> & { done: boolean; failed?: boolean };

/**
 * The customer's view of an order's journey: placed, approved, one step per train leg to the
 * destination store, arrival at the store, out for delivery on a truck, delivered. Steps are
 * done from the status history, or from the train timetable once a leg has left or arrived;
 * a done step implies every step before it is done. Each failed delivery adds its run and a
 * failure step (what was not handed over, when, why, what happens next); items sent back to
 * Kandy end the journey there. A cancelled order ends with its reason. Titles in `t`'s language.
 */
export function buildOrderTimeline(order: OrderDetail, now: Date, t: Translate): TimelineStep[] {
  const cancelled = order.status === 'Cancelled';
  const scheduledAt = changedAt(order, 'Scheduled');
  const rank = cancelled ? (scheduledAt ? 1 : 0) : STATUS_RANK[order.status];
  const legs = [...order.train_legs].sort((a, b) =>
    a.departure_date_time.localeCompare(b.departure_date_time),
  );
  const lastLeg = legs.at(-1);
  const city = lastLeg?.arrival_city ?? order.customer_city;
  const failures = order.delivery_failures ?? [];
  const next = order.next_step ? nextStepText(t, order.next_step) : null;
  const toStore = (c: string) => t('order.timeline.onTrain', { city: cityName(t, c) });
  const starts = order.history.filter((h) => h.to_status === 'In Transit').map((h) => h.changed_at);

  const steps: Draft[] = [
    {
      key: 'placed',
      title: t('order.timeline.placed'),
      at: changedAt(order, 'Pending') ?? order.order_date,
      done: true,
    },
    ...order.changes.map((change, i) => ({
      key: `changed-${i}`,
      title: changedByText(change, t),
      at: change.changed_at,
      change,
      done: true,
    })),
    {
      key: 'approved',
      title: t('order.timeline.approved'),
      at: scheduledAt,
      done: rank >= 1 || scheduledAt !== null,
    },
  ];
  if (legs.length === 0) {
    steps.push({ key: 'train', title: toStore(city), at: null, city, done: rank >= 3 });
  }
  for (const leg of legs) {
    const departed = isPast(leg.departure_date_time, now);
    steps.push({
      key: `train-${leg.train_trip_id}`,
      title: toStore(leg.arrival_city),
      at: departed ? leg.departure_date_time : null,
      leg,
      city: leg.arrival_city,
      done: departed || rank >= 3,
    });
  }
  const arrived = lastLeg ? isPast(lastLeg.arrival_date_time, now) : false;
  steps.push({
    key: 'arrived',
    title: t('order.timeline.arrived'),
    at: arrived && lastLeg ? lastLeg.arrival_date_time : null,
    city,
    done: arrived || rank >= 3 || failures.length > 0,
  });
  failures.forEach((f, i) => {
    const latest = i === failures.length - 1;
    steps.push({
      key: `out-${i}`,
      title: t(i === 0 ? 'order.timeline.out' : 'order.timeline.outAgain'),
      at: starts[i] ?? null,
      attempt: { delivery_id: f.delivery_id, route_name: f.route_name },
      done: true,
    });
    steps.push({
      key: `failed-${i}`,
      title:
        f.delivered_items > 0
          ? t('order.timeline.partly', { count: f.failed_items })
          : t('order.timeline.failed'),
      at: f.failed_at,
      failure: f,
      next: latest && order.status === 'Scheduled' ? next : null,
      done: true,
      failed: true,
    });
  });
  if (order.returned_at) {
    // the items not delivered went back to Kandy: the journey ends there
    const end: TimelineStep = {
      key: 'returned',
      title: t(cancelled ? 'order.timeline.returned' : 'order.timeline.restReturned'),
      at: order.returned_at,
      credit: order.credit,
      next,
      state: cancelled ? 'cancelled' : 'done',
    };
    return [
      ...steps.map(
        ({ done: _done, failed, ...s }) => ({ ...s, state: failed ? 'failed' : 'done' }) as TimelineStep,
      ),
      end,
    ];
  }
  const again = failures.length > 0;
  const truck = order.truck_delivery ?? undefined;
  const outAgain = starts[failures.length] ?? null;
  const onTheRoad = order.status === 'In Transit' || order.status === 'Delivered';
  steps.push({
    key: 'out-for-delivery',
    title: t(again ? 'order.timeline.outAgain' : 'order.timeline.out'),
    at: outAgain ?? (onTheRoad && truck ? truck.delivery_date_time : null),
    truck,
    done: again ? onTheRoad : rank >= 3,
  });
  steps.push({
    key: 'delivered',
    title: t('order.timeline.delivered'),
    // delivery_date_time is the truck's planned time until the order is actually delivered.
    at: changedAt(order, 'Delivered') ?? (rank >= 4 ? order.delivery_date_time : null),
    done: rank >= 4,
  });

  // A later step being done means every earlier one is done too.
  const lastDone = steps.findLastIndex((s) => s.done);
  const resolved = steps.map((s, i) => ({ ...s, done: i <= lastDone }));
  const stateOf = (s: Draft): TimelineStepState => (s.failed ? 'failed' : 'done');

  if (cancelled) {
    const cancellation = order.history.filter((h) => h.to_status === 'Cancelled').at(-1);
    return [
      ...resolved
        .filter((s) => s.done)
        .map(({ done: _done, failed, ...s }) => ({ ...s, state: stateOf({ ...s, done: true, failed }) })),
      {
        key: 'cancelled',
        title: t(cancellation?.by_customer ? 'order.timeline.cancelledByYou' : 'order.timeline.cancelled'),
        state: 'cancelled',
        at: cancellation?.changed_at ?? null,
        reason: cancellation?.reason ?? null,
      },
    ];
  }
  return resolved.map(({ done, failed, ...s }, i) => ({
    ...s,
    state: done ? stateOf({ ...s, done, failed }) : i === lastDone + 1 ? 'current' : 'upcoming',
  }));
}
