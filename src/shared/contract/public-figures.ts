import { z } from 'zod';

/**
 * GET /api/public/figures: the landing page's figures, "orders processed" and "on-time delivery",
 * computed from the data (docs/product/business-rules.md#figures, decision 0052). Aggregates only:
 * no customer, order or staff detail, so no sign-in is needed.
 */
export const publicFiguresSchema = z.object({
  /** Orders processed: orders that reached Delivered (the end of the order life cycle), all time. */
  orders_processed: z.number().int(),
  /** Orders delivered in the last `on_time_window_days` days (by delivery time). */
  delivered_in_window: z.number().int(),
  /** Of those, delivered before the end of their requested day in Colombo. */
  on_time_in_window: z.number().int(),
  /** on_time_in_window / delivered_in_window in percent, one decimal; null when none were delivered. */
  on_time_rate: z.number().nullable(),
  on_time_window_days: z.number().int(),
});
export type PublicFigures = z.infer<typeof publicFiguresSchema>;
