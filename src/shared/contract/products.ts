import { z } from 'zod';
import { MAX_COUNT_UNITS, MAX_RECEIPT_UNITS, STOCK_REASONS } from '../stock';
import { decimal, pageQuery } from './common';

/** GET /products row (docs/product/api.md#products). */
export const productSchema = z.object({
  product_id: z.number().int(),
  productName: z.string(),
  unitPrice: z.number(),
  category: z.string(),
  available_units: z.number().int(),
});
export type Product = z.infer<typeof productSchema>;

/** What GET /products answers: the kept row above plus what the warehouse needs to manage it. */
export const inventoryProductSchema = productSchema.extend({
  space_per_unit: z.number(),
  reorder_point: z.number().int(),
  /** When the stock last moved (ISO UTC); null for a product that never had stock. */
  last_movement_at: z.string().nullable(),
});
export type InventoryProduct = z.infer<typeof inventoryProductSchema>;
export const productListResponse = z.array(inventoryProductSchema);

const wholeUnits = (min: number, max: number) =>
  z
    .number({ error: 'must be a number of units' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max.toLocaleString('en-US')}`);

/** PUT /products/{id}: a manual count. See docs/decisions/0017-stock-counts-against-the-balance-read.md. */
export const stockCountRequest = z.object({
  available_units: wholeUnits(0, MAX_COUNT_UNITS),
  /** The units the count was made against (what the screen showed); omitted: the balance now. */
  previous_units: wholeUnits(0, MAX_COUNT_UNITS).optional(),
  reason: z.string().trim().max(500, 'must be at most 500 characters').optional(),
});
export type StockCountRequest = z.infer<typeof stockCountRequest>;

/** POST /products/{id}/receipts: new production arriving at the Kandy warehouse. */
export const stockReceiptRequest = z.object({
  units: wholeUnits(1, MAX_RECEIPT_UNITS),
  note: z.string().trim().max(500, 'must be at most 500 characters').optional(),
});
export type StockReceiptRequest = z.infer<typeof stockReceiptRequest>;

/** PUT /products/{id}/details: everything but the stock. */
export const productDetailsRequest = z.object({
  name: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  category: z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters'),
  unit_price: decimal({ scale: 2, min: 0, max: 1_000_000, maxText: '1,000,000' }),
  space_per_unit: decimal({ scale: 3, min: 0, above: true, max: 1000 }),
  reorder_point: wholeUnits(0, 1_000_000),
});
export type ProductDetailsRequest = z.infer<typeof productDetailsRequest>;

/** POST /products: a new product, with its opening stock (an `initial` movement). */
export const createProductRequest = productDetailsRequest.extend({
  initial_units: wholeUnits(0, MAX_COUNT_UNITS).default(0),
});
export type CreateProductRequest = z.input<typeof createProductRequest>;

export const stockReasonSchema = z.enum(STOCK_REASONS);

/** One row of a product's stock ledger. */
export const stockMovementSchema = z.object({
  movement_id: z.number().int(),
  /** The movement's number within the product (1 is the first). */
  seq: z.number().int(),
  reason: stockReasonSchema,
  delta: z.number().int(),
  balance_after: z.number().int(),
  note: z.string().nullable(),
  order_id: z.number().int().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;
export const stockMovementListResponse = z.array(stockMovementSchema);
export const movementListQuery = pageQuery(20, 100);

/** Answer of a count or a receipt. */
export const stockChangeResponse = z.object({
  product: inventoryProductSchema,
  /** null when a count found exactly the units already recorded. */
  movement: stockMovementSchema.nullable(),
  /** Units that other movements (orders) moved between the read and the count; 0 for receipts. */
  concurrent_change: z.number().int(),
});
export type StockChangeResponse = z.infer<typeof stockChangeResponse>;
