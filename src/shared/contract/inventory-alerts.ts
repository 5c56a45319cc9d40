import { z } from 'zod';
import { ALERT_LEVELS } from '../stock';
import { idString } from './common';

/** GET /report/inventory-alerts row (docs/product/api.md#reports) with what the alerts screen shows. */
export const inventoryAlertSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  category: z.string(),
  available_units: z.number().int(),
  reorder_point: z.number().int(),
  alert_level: z.enum(ALERT_LEVELS),
  /** The reorder point the last 30 days' issue rate calls for, never below the product's own. */
  suggested_reorder_point: z.number().int(),
  /**
   * suggested_reorder_point minus the units, at least 0
   * (docs/product/business-rules.md#stock-levels-and-alerts).
   */
  reorder_quantity: z.number().int(),
  /** Units of Pending orders due within the next 14 days (already reserved). */
  pending_demand_units: z.number().int(),
  /** Units issued to orders (net of cancellations) over the last 30 days. */
  issued_last_30_days: z.number().int(),
  /** Dismissed by the signed-in user, and not worse since. */
  dismissed: z.boolean(),
  dismissed_at: z.string().nullable(),
});
export type InventoryAlert = z.infer<typeof inventoryAlertSchema>;

export const dismissalParams = z.object({ product_id: idString });

export const dismissalSchema = z.object({
  product_id: z.number().int(),
  dismissed_level: z.enum(['warning', 'critical', 'out_of_stock']),
  dismissed_units: z.number().int(),
  dismissed_at: z.string(),
});
export type Dismissal = z.infer<typeof dismissalSchema>;
