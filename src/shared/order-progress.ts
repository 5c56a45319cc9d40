import type { OrderStatus } from './order-status';

/**
 * Where an order is, in the customer's words (docs/decisions/0058). The order's `status` keeps
 * the contract's five values; this says what they mean for the customer: an approved order is
 * Scheduled before a train is booked, while on the train and at the store; after a failed
 * delivery it is Scheduled again at the store with the items still to deliver. The one place
 * that derives these words: the API sends them with every order (list, detail, dashboard) and
 * the customer's notifications use them.
 */
export const CUSTOMER_STAGES = [
  'awaiting_approval',
  'awaiting_train',
  'on_train',
  'at_store',
  'out_for_delivery',
  'delivered',
  'partly_delivered',
  'delivery_failed',
  'returned',
  'cancelled',
] as const;
export type CustomerStage = (typeof CUSTOMER_STAGES)[number];

/** What the words are made of; the server reads them with the order. */
export interface OrderProgressFacts {
  status: OrderStatus;
  /** The order's lines; of them delivered, and sent back to Kandy (credited). */
  items: number;
  delivered: number;
  returned: number;
  /** A delivery of the order failed and items of it wait at the store (Scheduled). */
  failed: boolean;
  /** When the last train leg booked for the order arrives at its city; null: no train booked. */
  lastArrival: Date | null;
  /** The order's city (its store). */
  city: string | null;
}

export interface CustomerProgress {
  stage: CustomerStage;
  /** Short, for a badge: "Approved, waiting for a train", "Partly delivered: 2 of 3 items". */
  label: string;
}

/** The words of the stages that need no figures. */
export const STAGE_LABELS = {
  awaiting_approval: 'Waiting for approval',
  awaiting_train: 'Approved, waiting for a train',
  on_train: 'Booked on a train',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  delivery_failed: 'Delivery failed',
  returned: 'Returned to Kandy, credited',
  cancelled: 'Cancelled',
} as const satisfies Partial<Record<CustomerStage, string>>;

const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;
const store = (city: string | null) => (city ? `the ${city} store` : 'the store');

export function customerProgress(f: OrderProgressFacts, now: Date): CustomerProgress {
  switch (f.status) {
    case 'Pending':
      return { stage: 'awaiting_approval', label: STAGE_LABELS.awaiting_approval };
    case 'Cancelled':
      return f.returned > 0
        ? { stage: 'returned', label: STAGE_LABELS.returned }
        : { stage: 'cancelled', label: STAGE_LABELS.cancelled };
    case 'Delivered':
      return f.returned > 0
        ? {
            stage: 'partly_delivered',
            label: `Partly delivered: ${f.items - f.returned} of ${items(f.items)}, rest credited`,
          }
        : { stage: 'delivered', label: STAGE_LABELS.delivered };
    case 'In Transit':
      return { stage: 'out_for_delivery', label: STAGE_LABELS.out_for_delivery };
    case 'Scheduled':
      if (f.failed) {
        return f.delivered > 0
          ? { stage: 'partly_delivered', label: `Partly delivered: ${f.delivered} of ${items(f.items)}` }
          : { stage: 'delivery_failed', label: STAGE_LABELS.delivery_failed };
      }
      if (f.lastArrival === null) return { stage: 'awaiting_train', label: STAGE_LABELS.awaiting_train };
      if (f.lastArrival.getTime() > now.getTime()) return { stage: 'on_train', label: STAGE_LABELS.on_train };
      return { stage: 'at_store', label: `At ${store(f.city)}` };
  }
}

/** What happens next, in a sentence, for the stages that need one (the order page, notices). */
export function nextStep(f: OrderProgressFacts, p: CustomerProgress): string | null {
  const left = f.items - f.delivered - f.returned;
  switch (p.stage) {
    case 'delivery_failed':
    case 'partly_delivered':
      if (f.status === 'Delivered') return 'The items not delivered were returned to Kandy and credited.';
      return `${left === 1 ? 'The item' : `The ${left} items`} not delivered ${left === 1 ? 'is' : 'are'} back at ${store(f.city)}: we will deliver ${left === 1 ? 'it' : 'them'} again.`;
    case 'returned':
      return 'Nothing was delivered: the items were returned to our Kandy warehouse and credited.';
    case 'awaiting_train':
      return `We will book it on a train to ${store(f.city)}.`;
    case 'on_train':
      return `On its way by rail to ${store(f.city)}.`;
    case 'at_store':
      return 'A truck will bring it from the store.';
    default:
      return null;
  }
}

/** The customer's notice of an order's new stage: "Order #12: Approved, waiting for a train." */
export function progressNotice(orderId: number, p: CustomerProgress): string {
  return `Order #${orderId}: ${p.label}.`;
}
