import type { DeliveryItem } from '#shared/contract/crew';
import type { QueuedConfirmation } from './confirmation-queue';

export type ItemState =
  | { kind: 'open' }
  | { kind: 'waiting'; recipient_name: string | null }
  | {
      kind: 'confirmed';
      recipient_name: string | null;
      confirmed_by: string | null;
      confirmed_at: string | null;
    }
  | {
      kind: 'failed';
      reason: NonNullable<DeliveryItem['failure_reason']>;
      note: string | null;
      failed_by: string | null;
      failed_at: string | null;
    };

export interface StopItem {
  item: DeliveryItem;
  state: ItemState;
}

/** One stop of the run: an order with its customer, address and items. */
export interface Stop {
  order_id: number;
  customer_name: string;
  delivery_address: string;
  contact_number: string | null;
  special_instructions: string | null;
  order_status: DeliveryItem['order_status'];
  items: StopItem[];
  open: number;
  waiting: number;
  confirmed: number;
  failed: number;
}

/**
 * How a stop ended (decision 0058): every item handed over, some not (partly delivered), none, or
 * still open.
 */
export function stopOutcome(stop: Stop): 'open' | 'delivered' | 'partly_delivered' | 'failed' {
  if (stop.open > 0 || stop.waiting > 0) return 'open';
  if (stop.failed === 0) return 'delivered';
  return stop.confirmed > 0 ? 'partly_delivered' : 'failed';
}

/**
 * Groups a delivery's items by order (the server lists them by order) and marks each open,
 * waiting to send (queued on the phone), confirmed or not delivered (stored on the server).
 */
export function groupStops(items: DeliveryItem[], queued: QueuedConfirmation[], deliveryId: number): Stop[] {
  const waiting = new Map(
    queued.filter((q) => q.delivery_id === deliveryId).map((q) => [`${q.order_id}:${q.product_id}`, q]),
  );
  const stops = new Map<number, Stop>();
  for (const item of items) {
    let stop = stops.get(item.order_id);
    if (!stop) {
      stop = {
        order_id: item.order_id,
        customer_name: item.customer_name,
        delivery_address: item.delivery_address,
        contact_number: item.contact_number,
        special_instructions: item.special_instructions,
        order_status: item.order_status,
        items: [],
        open: 0,
        waiting: 0,
        confirmed: 0,
        failed: 0,
      };
      stops.set(item.order_id, stop);
    }
    const queuedItem = waiting.get(`${item.order_id}:${item.product_id}`);
    let state: ItemState;
    if (item.confirmed) {
      state = {
        kind: 'confirmed',
        recipient_name: item.recipient_name,
        confirmed_by: item.confirmed_by,
        confirmed_at: item.confirmed_at,
      };
      stop.confirmed += 1;
    } else if (item.failed && item.failure_reason) {
      state = {
        kind: 'failed',
        reason: item.failure_reason,
        note: item.failure_note,
        failed_by: item.failed_by,
        failed_at: item.failed_at,
      };
      stop.failed += 1;
    } else if (queuedItem) {
      state = { kind: 'waiting', recipient_name: queuedItem.recipient_name };
      stop.waiting += 1;
    } else {
      state = { kind: 'open' };
      stop.open += 1;
    }
    stop.items.push({ item, state });
  }
  return [...stops.values()];
}
