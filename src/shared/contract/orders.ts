import { z } from 'zod';
import { CUSTOMER_STAGES } from '../order-progress';
import { ORDER_STATUSES } from '../order-status';
import { idNumber, idString, isoDate, pageQuery } from './common';

export const orderStatusSchema = z.enum(ORDER_STATUSES);
/** Where the order is, in the customer's words (src/shared/order-progress.ts, decision 0058). */
export const customerStageSchema = z.enum(CUSTOMER_STAGES);

/**
 * POST /customers/{id}/orders (the kept fields scheduleDate, items[productID, quantity]:
 * docs/product/api.md#orders) plus the optional fields of the new-order form.
 */
export const createOrderRequest = z.object({
  scheduleDate: isoDate,
  items: z
    .array(
      z.object({
        productID: idNumber,
        quantity: z
          .number()
          .int('quantity must be a whole number')
          .min(1, 'quantity must be at least 1')
          .max(1_000_000, 'quantity must be at most 1000000'),
      }),
    )
    .min(1, 'an order needs at least one item')
    .max(100, 'an order can have at most 100 items'),
  deliveryAddress: z.string().trim().max(500).optional(),
  city: z.string().trim().max(100).optional(),
  specialInstructions: z.string().trim().max(2000).optional(),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequest>;

export const createOrderResponse = z.object({
  order_id: z.number().int(),
  status: orderStatusSchema,
  attachments: z.number().int(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponse>;

/** A row of GET /orders: the kept customer order summary (docs/product/api.md#orders) plus list columns. */
export const orderSummarySchema = z.object({
  order_id: z.number().int(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  order_date: z.string(),
  schedule_date: z.string(),
  delivery_date: z.string().nullable(),
  status: orderStatusSchema,
  item_count: z.number().int(),
  total: z.number(),
  /** The status in the customer's words: "Approved, waiting for a train", "Partly delivered: 2 of 3 items". */
  status_label: z.string(),
  customer_stage: customerStageSchema,
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export const orderListResponse = z.array(orderSummarySchema);

export const orderListQuery = z
  .object({
    status: orderStatusSchema.optional(),
    q: z.string().trim().max(100).optional(),
    /** Keyset paging: the order id of the previous page's last row; the page then starts after it. */
    after: idString.optional(),
  })
  .extend(pageQuery(10, 100).shape);
export type OrderListQuery = z.infer<typeof orderListQuery>;

/**
 * What became of an item (decision 0058): still to deliver (`pending`), handed over
 * (`delivered`), not delivered and back at the store to deliver again (`awaiting_redelivery`),
 * or sent back to Kandy and credited (`returned`).
 */
export const ITEM_STATES = ['pending', 'delivered', 'awaiting_redelivery', 'returned'] as const;
export type ItemState = (typeof ITEM_STATES)[number];

export const itemFailureNoteSchema = z.object({
  reason: z.string(),
  note: z.string().nullable(),
  failed_at: z.string(),
  delivery_id: z.number().int(),
});

export const orderItemSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  quantity: z.number().int(),
  unit_price: z.number(),
  line_total: z.number(),
  state: z.enum(ITEM_STATES),
  delivered_at: z.string().nullable(),
  /** Its latest failed delivery, if any (also once delivered or returned after it). */
  last_failure: itemFailureNoteSchema.nullable(),
  returned_at: z.string().nullable(),
  /** Credited when it was sent back to Kandy; 0 otherwise. */
  credit: z.number(),
});

export const statusChangeSchema = z.object({
  from_status: orderStatusSchema.nullable(),
  to_status: orderStatusSchema,
  changed_at: z.string(),
  changed_by: z.string().nullable(),
  reason: z.string().nullable(),
  /** The order's own customer made this change (the customer's timeline says "by you"). */
  by_customer: z.boolean(),
});

/** A line of a customer's change of its Pending order: 0 = not on the order (added: before, removed: after). */
export const orderChangeLineSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  before: z.number().int(),
  after: z.number().int(),
});

/** A change of a Pending order's lines or requested date (decision 0063), for the timeline. */
export const orderChangeSchema = z.object({
  changed_at: z.string(),
  changed_by: z.string().nullable(),
  by_customer: z.boolean(),
  schedule_date_before: z.string(),
  schedule_date_after: z.string(),
  lines: z.array(orderChangeLineSchema),
});
export type OrderChange = z.infer<typeof orderChangeSchema>;

export const trainLegSchema = z.object({
  train_trip_id: z.number().int(),
  train_name: z.string(),
  departure_city: z.string(),
  arrival_city: z.string(),
  departure_date_time: z.string(),
  arrival_date_time: z.string(),
  space: z.number(),
});

export const truckDeliverySchema = z.object({
  delivery_id: z.number().int(),
  route_name: z.string(),
  plate_number: z.string(),
  delivery_date_time: z.string(),
  status: z.string(),
  driver_name: z.string().nullable(),
});

export const attachmentSchema = z.object({
  attachment_id: z.number().int(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  uploaded_at: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** Proof of delivery: who received which items, with the signature drawn on the crew's phone. */
export const receiptSchema = z.object({
  recipient_name: z.string().nullable(),
  /** PNG data URL, or null when no signature was taken. */
  signature: z.string().nullable(),
  confirmed_by: z.string().nullable(),
  confirmed_at: z.string(),
  products: z.array(z.string()),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** A delivery the order left with items not delivered: the timeline's failure step. */
export const deliveryFailureSchema = z.object({
  delivery_id: z.number().int(),
  route_name: z.string(),
  failed_at: z.string(),
  /** The stop's reason when the whole stop failed; null when each item gave its own. */
  reason: z.string().nullable(),
  note: z.string().nullable(),
  /** Items handed over on that delivery, and items not delivered there. */
  delivered_items: z.number().int(),
  failed_items: z.number().int(),
  items: z.array(
    z.object({
      product_name: z.string(),
      quantity: z.number().int(),
      reason: z.string(),
      note: z.string().nullable(),
    }),
  ),
});
export type DeliveryFailure = z.infer<typeof deliveryFailureSchema>;

/** GET /orders/{id}: the kept order detail (docs/product/api.md#orders) with totals, legs and timeline. */
export const orderDetailSchema = z.object({
  order_id: z.number().int(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  customer_city: z.string(),
  order_date: z.string(),
  schedule_date: z.string(),
  status: orderStatusSchema,
  delivery_address: z.string(),
  special_instructions: z.string().nullable(),
  delivery_date_time: z.string().nullable(),
  delivery_status: z.string().nullable(),
  items: z.array(orderItemSchema),
  subtotal: z.number(),
  delivery_fee: z.number(),
  total: z.number(),
  train_legs: z.array(trainLegSchema),
  truck_delivery: truckDeliverySchema.nullable(),
  history: z.array(statusChangeSchema),
  /** The customer's changes of the order while it was Pending, oldest first. */
  changes: z.array(orderChangeSchema),
  attachments: z.array(attachmentSchema),
  receipts: z.array(receiptSchema),
  status_label: z.string(),
  customer_stage: customerStageSchema,
  /** What happens next, when the stage needs a word ("back at the Colombo store: we will deliver them again"). */
  next_step: z.string().nullable(),
  /** Oldest first. */
  delivery_failures: z.array(deliveryFailureSchema),
  /** When the undelivered items were sent back to Kandy; null when none were. */
  returned_at: z.string().nullable(),
  /** Credited: the items sent back, and the delivery fee when nothing was delivered. */
  credit: z.number(),
  /** total - credit. */
  amount_due: z.number(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** GET /dashboard/customer-stats (docs/product/api.md#dashboards). */
export const customerStatsSchema = z.object({
  total_orders: z.number().int(),
  active_orders: z.number().int(),
  delivered_orders: z.number().int(),
  status_counts: z.record(z.string(), z.number().int()),
  recent_orders: z.array(orderSummarySchema),
});
export type CustomerStats = z.infer<typeof customerStatsSchema>;
