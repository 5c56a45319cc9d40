import { z } from 'zod';

/** GET /report/product-performance row (docs/product/business-rules.md#reports), sales within the period. */
export const productPerformanceRowSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  category: z.string(),
  unit_price: z.number(),
  total_quantity_sold: z.number().int(),
  total_revenue: z.number(),
  order_count: z.number().int(),
  available_units: z.number().int(),
  stock_status: z.string(),
});
export type ProductPerformanceRow = z.infer<typeof productPerformanceRowSchema>;

/** GET /report/current-stock row (docs/product/business-rules.md#reports), sold units within the period. */
export const currentStockRowSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  category: z.string(),
  current_stock: z.number().int(),
  unit_price: z.number(),
  /** current_stock x unit_price. */
  stock_value: z.number(),
  total_quantity_sold: z.number().int(),
  stock_status: z.string(),
});
export type CurrentStockRow = z.infer<typeof currentStockRowSchema>;
