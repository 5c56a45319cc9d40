import { dateTimeText, type MessageKey, t, timeText } from '#server/lib/i18n/messages';
import type { Language } from '#shared/contract/auth';
import type { FailureReason, ItemFailureReason } from '#shared/contract/crew';
import type { CustomerProgress, OrderProgressFacts } from '#shared/order-progress';

/**
 * A notification's text in the language of whoever it is for: rendered when the row is written,
 * in the recipient's stored language (docs/decisions/0082). insertNotifications looks the
 * languages up, one query for a whole batch.
 */
export type Localized = (language: Language) => string;

/** What a crew notice says about a delivery: its number, route, destination, time and truck. */
export interface DeliveryFacts {
  deliveryId: number;
  route: string;
  end: string;
  startAt: Date;
  plate: string;
}

export type Seat = 'driver' | 'assistant';

/** "delivery #12 on Coast (to Galle), 22 Nov 2026, 14:30, truck WP KA-1234". */
const deliveryText = (language: Language, d: DeliveryFacts) =>
  t(language, 'crew.delivery', {
    id: String(d.deliveryId),
    route: d.route,
    end: d.end,
    when: dateTimeText(language, d.startAt),
    plate: d.plate,
  });

/** A new crew member's assignment ("New assignment: ... You are the driver; crew mate ..."). */
export const assignmentNotice =
  (d: DeliveryFacts, seat: Seat, mate: string | null): Localized =>
  (language) =>
    mate
      ? t(language, 'crew.assignmentWithMate', { delivery: deliveryText(language, d), seat, mate })
      : t(language, 'crew.assignment', { delivery: deliveryText(language, d), seat });

export const assignmentCancelledNotice =
  (d: DeliveryFacts): Localized =>
  (language) =>
    t(language, 'crew.assignmentCancelled', { delivery: deliveryText(language, d) });

/** A member who stays hears of the other seat's change: its new holder, or nobody. */
export const crewChangeNotice =
  (d: DeliveryFacts, otherSeat: Seat, mate: string | null): Localized =>
  (language) =>
    mate
      ? t(language, 'crew.mateChanged', { delivery: deliveryText(language, d), seat: otherSeat, mate })
      : t(language, 'crew.mateRemoved', { delivery: deliveryText(language, d), seat: otherSeat });

/** The delivery starts soon (the sweep of time-made events). */
export const startingSoonNotice =
  (d: { deliveryId: number; route: string; startAt: Date; plate: string; orders: number }): Localized =>
  (language) =>
    t(language, 'crew.startingSoon', {
      id: String(d.deliveryId),
      route: d.route,
      time: timeText(d.startAt),
      plate: d.plate,
      orders: String(d.orders),
    });

/** The crew mate started the delivery. */
export const startedNotice =
  (d: { deliveryId: number; route: string; user: string; orders: number }): Localized =>
  (language) =>
    t(language, 'crew.started', {
      id: String(d.deliveryId),
      route: d.route,
      user: d.user,
      orders: String(d.orders),
    });

/** The delivery ended: Delivered (at least one item handed over) or Failed. */
export const deliveryEndedNotice =
  (d: { deliveryId: number; route: string }, status: 'Delivered' | 'Failed'): Localized =>
  (language) =>
    t(language, status === 'Delivered' ? 'crew.complete' : 'crew.ended', {
      id: String(d.deliveryId),
      route: d.route,
    });

/** The customer's order left on a truck today. */
export const outForDeliveryNotice =
  (orderId: number): Localized =>
  (language) =>
    t(language, 'order.outForDelivery', { id: String(orderId) });

/** The customer's order was handed over (to whom, when the crew wrote it down). */
export const deliveredNotice =
  (orderId: number, recipient: string | null): Localized =>
  (language) =>
    recipient
      ? t(language, 'order.deliveredTo', { id: String(orderId), recipient })
      : t(language, 'order.delivered', { id: String(orderId) });

const REASON_KEYS: Record<FailureReason | ItemFailureReason, MessageKey> = {
  'Customer absent': 'failure.customerAbsent',
  Refused: 'failure.refused',
  'Address not found': 'failure.addressNotFound',
  Damaged: 'failure.damaged',
  Missing: 'failure.missing',
};

/** Why something was not delivered, in the reader's words ("customer absent"). */
export function reasonText(language: Language, reason: string): string {
  const key = REASON_KEYS[reason as FailureReason];
  return key ? t(language, key) : reason.toLowerCase();
}

/** What was not delivered: the stop's reason, or each item with its reason. */
export type Undelivered =
  | { stop: { reason: string; note: string | null } }
  | { items: { product: string; quantity: number; reason: string; note: string | null }[] };

export function undeliveredText(language: Language, what: Undelivered): string {
  if ('stop' in what) {
    const reason = reasonText(language, what.stop.reason);
    return what.stop.note ? t(language, 'failure.withNote', { reason, note: what.stop.note }) : reason;
  }
  return what.items
    .map((i) => {
      const values = {
        product: i.product,
        quantity: String(i.quantity),
        reason: reasonText(language, i.reason),
      };
      return i.note
        ? t(language, 'failure.itemWithNote', { ...values, note: i.note })
        : t(language, 'failure.item', values);
    })
    .join(', ');
}

/** "the Galle store" (where undelivered goods wait). */
export const storeText = (language: Language, city: string | null) =>
  city ? t(language, 'place.cityStore', { city }) : t(language, 'place.store');

/**
 * The customer's order came back from a delivery: nothing handed over (failed), or part of it
 * (partly delivered); the rest waits at the store to be delivered again.
 */
export const notDeliveredNotice =
  (o: {
    orderId: number;
    city: string | null;
    what: Undelivered;
    delivered: number;
    items: number;
  }): Localized =>
  (language) => {
    const what = undeliveredText(language, o.what);
    const store = storeText(language, o.city);
    if (o.delivered === 0) return t(language, 'order.failed', { id: String(o.orderId), what, store });
    const left = o.items - o.delivered;
    return t(language, 'order.partlyDelivered', {
      id: String(o.orderId),
      delivered: String(o.delivered),
      items: o.items,
      itemsFigure: String(o.items),
      left,
      leftFigure: String(left),
      what,
      store,
    });
  };

// ---- the customer's order, support and the crew's truck (issue 26: every text for a customer,
// driver or assistant in their language; the managers' and staff's stay English, decision 0082)

/** "the Galle store" as where something goes ("to the Galle store"; Sinhala and Tamil inflect it). */
const toStoreText = (language: Language, city: string | null) =>
  city ? t(language, 'place.toCityStore', { city }) : t(language, 'place.toStore');

/** The badge words of an order's stage (src/shared/order-progress.ts customerProgress), translated. */
export function stageText(language: Language, f: OrderProgressFacts, p: CustomerProgress): string {
  switch (p.stage) {
    case 'at_store':
      return f.city ? t(language, 'stage.atCityStore', { city: f.city }) : t(language, 'stage.at_store');
    case 'partly_delivered': {
      const delivered = f.status === 'Delivered' ? f.items - f.returned : f.delivered;
      return t(
        language,
        f.status === 'Delivered' ? 'stage.partlyDeliveredCredited' : 'stage.partlyDeliveredOf',
        {
          delivered: String(delivered),
          items: f.items,
          itemsFigure: String(f.items),
        },
      );
    }
    default:
      return t(language, `stage.${p.stage}`);
  }
}

/** What happens next (src/shared/order-progress.ts nextStep), translated; null when nothing is said. */
export function nextStepText(language: Language, f: OrderProgressFacts, p: CustomerProgress): string | null {
  const left = f.items - f.delivered - f.returned;
  switch (p.stage) {
    case 'delivery_failed':
    case 'partly_delivered':
      if (f.status === 'Delivered') return t(language, 'next.returnedAfterFailure');
      return t(language, 'next.backAtStore', {
        left,
        leftFigure: String(left),
        store: storeText(language, f.city),
      });
    case 'returned':
      return t(language, 'next.returned');
    case 'awaiting_train':
      return t(language, 'next.awaitingTrain', { store: toStoreText(language, f.city) });
    case 'on_train':
      return t(language, 'next.onTrain', { store: toStoreText(language, f.city) });
    case 'at_store':
      return t(language, 'next.atStore');
    default:
      return null;
  }
}

/**
 * The customer's notice of an order's new stage, with what comes next: "Order #12: Approved,
 * waiting for a train. We will book it on a train to the Galle store." (in English, word for word
 * src/shared/order-progress.ts progressNotice and nextStep).
 */
export const stageNotice =
  (orderId: number, f: OrderProgressFacts, p: CustomerProgress): Localized =>
  (language) => {
    const label = stageText(language, f, p);
    const next = nextStepText(language, f, p);
    return next
      ? t(language, 'order.stageNext', { id: String(orderId), label, next })
      : t(language, 'order.stage', { id: String(orderId), label });
  };

/** A bulk approval (the dispatch planner): booked on a train, or waiting for one. */
export const approvedNotice =
  (orderId: number, booked: boolean): Localized =>
  (language) =>
    t(language, 'order.stage', {
      id: String(orderId),
      label: t(language, booked ? 'stage.on_train' : 'stage.awaiting_train'),
    });

/** The order's train has left (the sweep): which train, to which city, arriving when (Colombo time). */
export const onTrainNotice =
  (o: { orderId: number; train: string; city: string; arrival: Date }): Localized =>
  (language) =>
    t(language, 'order.onTrain', {
      id: String(o.orderId),
      train: o.train,
      city: o.city,
      when: dateTimeText(language, o.arrival),
    });

/** The order was cancelled by the staff (a rejection): their reason as they wrote it. */
export const cancelledNotice =
  (orderId: number, reason: string | null): Localized =>
  (language) =>
    reason
      ? t(language, 'order.cancelledWithReason', { id: String(orderId), reason })
      : t(language, 'order.cancelled', { id: String(orderId) });

/** The customer cancelled its own order. */
export const cancelledByYouNotice =
  (orderId: number): Localized =>
  (language) =>
    t(language, 'order.cancelledByYou', { id: String(orderId) });

/**
 * The undelivered items went back to Kandy and were credited: all of the order (nothing was
 * delivered, the fee credited too) or the rest of a partly delivered one (`what`: "Tea x 2").
 */
export const returnedNotice =
  (o: { orderId: number; credit: string; what: string; nothingDelivered: boolean }): Localized =>
  (language) =>
    o.nothingDelivered
      ? t(language, 'order.returnedCredited', { id: String(o.orderId), credit: o.credit })
      : t(language, 'order.partReturnedCredited', { id: String(o.orderId), credit: o.credit, what: o.what });

/** The staff answered the customer's support request (`subject` quoted and cut). */
export const supportAnsweredNotice =
  (requestId: number, subject: string): Localized =>
  (language) =>
    t(language, 'support.answered', { id: String(requestId), subject });

/** The staff closed the customer's support request, with a last message or not. */
export const supportClosedNotice =
  (requestId: number, subject: string, withMessage: boolean): Localized =>
  (language) =>
    t(language, withMessage ? 'support.closedWithMessage' : 'support.closed', {
      id: String(requestId),
      subject,
    });

/** The crew's delivery runs past its route's maximum time (the sweep). */
export const lateNotice =
  (d: { deliveryId: number; route: string; hours: string; plannedEnd: Date }): Localized =>
  (language) =>
    t(language, 'crew.late', {
      id: String(d.deliveryId),
      route: d.route,
      hours: d.hours,
      time: timeText(d.plannedEnd),
    });

/** The crew's truck went Under Repair before their delivery started. */
export const truckRepairNotice =
  (d: { deliveryId: number; plate: string; note: string | null }): Localized =>
  (language) =>
    d.note
      ? t(language, 'crew.truckRepairWithNote', { id: String(d.deliveryId), plate: d.plate, note: d.note })
      : t(language, 'crew.truckRepair', { id: String(d.deliveryId), plate: d.plate });

/** The crew's delivery goes with another truck. */
export const truckChangedNotice =
  (d: { deliveryId: number; route: string; plate: string; before: string }): Localized =>
  (language) =>
    t(language, 'crew.truckChanged', {
      id: String(d.deliveryId),
      route: d.route,
      plate: d.plate,
      before: d.before,
    });
