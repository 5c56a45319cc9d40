import { z } from 'zod';
import { orderStatusSchema } from './orders';

/** POST /orders/{id}/return-to-kandy: the manager sends a failed order's undelivered items back. */
export const returnToKandyRequest = z.object({
  note: z
    .string()
    .trim()
    .max(500, 'note must be at most 500 characters')
    .transform((s) => (s === '' ? null : s))
    .nullish(),
});
export type ReturnToKandyRequest = z.input<typeof returnToKandyRequest>;

export const returnedLineSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  quantity: z.number().int(),
  /** quantity x the captured unit price. */
  credit: z.number(),
});

export const returnToKandyResponse = z.object({
  order_id: z.number().int(),
  /** Delivered (for what was delivered, the rest credited) or Cancelled (nothing was delivered). */
  status: orderStatusSchema,
  previous_status: orderStatusSchema,
  returned: z.array(returnedLineSchema),
  /** The items' value credited, plus the delivery fee when nothing was delivered. */
  credit: z.number(),
});
export type ReturnToKandyResponse = z.infer<typeof returnToKandyResponse>;
