import { z } from 'zod';
import { stockReasonSchema } from './products';

/** How many days of stock trend the dashboard answers (newest first); the screen charts 15. */
export const STOCK_TREND_DAYS = 30;
export const RECENT_UPDATES = 8;

/** A recent stock movement: which product, when, and the units it left. */
export const recentUpdateSchema = z.object({
  movement_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  category: z.string(),
  last_updated: z.string(),
  /** The product's available units right after this movement. */
  available_units: z.number().int(),
  delta: z.number().int(),
  reason: stockReasonSchema,
});

/** GET /dashboard/warehouse-manager-stats (docs/product/api.md#dashboards). */
export const warehouseStatsSchema = z.object({
  total_products: z.number().int(),
  total_units: z.number().int(),
  /** Products at the Low Stock level (stockStatus, src/shared/stock.ts): 1 to 49 units; out of stock not included. */
  low_stock_items: z.number().int(),
  /** Products at the Out of Stock level: 0 units. */
  out_of_stock_items: z.number().int(),
  recent_updates: z.array(recentUpdateSchema),
  category_distribution: z.array(
    z.object({ category: z.string(), product_count: z.number().int(), total_units: z.number().int() }),
  ),
  /** One entry per business day, newest first: units issued to orders and received. */
  stock_trend: z.array(
    z.object({ date: z.string(), issued_units: z.number().int(), received_units: z.number().int() }),
  ),
});
export type WarehouseStats = z.infer<typeof warehouseStatsSchema>;
