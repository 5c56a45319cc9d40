import { dateTimeText, type MessageKey, t, timeText } from '#server/lib/i18n/messages';
import type { Language } from '#shared/contract/auth';
import type { FailureReason, ItemFailureReason } from '#shared/contract/crew';

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
