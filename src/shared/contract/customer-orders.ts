import { z } from 'zod';
import { isoDate } from './common';
import { createOrderRequest, orderStatusSchema } from './orders';

/** POST /orders/{id}/cancel: a customer cancels its own Pending order, with an optional reason. */
export const cancelOwnOrderRequest = z.object({
  reason: z.string().trim().max(500, 'reason must be at most 500 characters').optional(),
});
export type CancelOwnOrderRequest = z.infer<typeof cancelOwnOrderRequest>;

export const cancelOwnOrderResponse = z.object({
  order_id: z.number().int(),
  status: orderStatusSchema,
  previous_status: orderStatusSchema,
});
export type CancelOwnOrderResponse = z.infer<typeof cancelOwnOrderResponse>;

/**
 * PATCH /orders/{id}: a customer changes its own Pending order (decision 0063). `items` is the
 * whole new list (as when placing: a product named twice is one line of the summed quantity);
 * either field may be left out to keep it as it is.
 */
export const changeOrderRequest = z
  .object({
    scheduleDate: isoDate.optional(),
    items: createOrderRequest.shape.items.optional(),
  })
  .refine((v) => v.scheduleDate !== undefined || v.items !== undefined, 'send scheduleDate or items');
export type ChangeOrderRequest = z.infer<typeof changeOrderRequest>;

/**
 * GET /customers/{id}/delivery-defaults: what a new order's delivery details start from: the
 * address and city of the customer's latest order, else the address given at sign-up.
 */
export const deliveryDefaultsSchema = z.object({
  customer_name: z.string(),
  delivery_address: z.string(),
  /** A city we deliver to, when known: the latest order's, else the customer's own. */
  city: z.string().nullable(),
  source: z.enum(['last_order', 'sign_up', 'none']),
});
export type DeliveryDefaults = z.infer<typeof deliveryDefaultsSchema>;
