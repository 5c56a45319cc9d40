import { z } from 'zod';

/** GET /stores row (docs/product/api.md#stores): the store near a city's railway station. */
export const storeSchema = z.object({
  store_id: z.number().int(),
  city: z.string(),
  address: z.string(),
  near_station_name: z.string(),
  contact_number: z.string().nullable(),
});
export type Store = z.infer<typeof storeSchema>;
export const storeListResponse = z.array(storeSchema);

/** One order's share of a product at (or on its way to) a store. */
export const storeOrderLineSchema = z.object({
  order_id: z.number().int(),
  customer_name: z.string(),
  quantity: z.number().int(),
  /** The delivery date the customer asked for. */
  schedule_date: z.string(),
  /** When the last train carrying the order arrived (at the store) or arrives (on its way). */
  arrival_date_time: z.string(),
  /** On its way: trips of the order that have arrived already, of all its trips. */
  trips_arrived: z.number().int(),
  trips_total: z.number().int(),
  /** The truck delivery it is loaded on, not started yet; null when not loaded. */
  delivery_id: z.number().int().nullable(),
  delivery_date_time: z.string().nullable(),
  /** Back at the store after a failed delivery: to deliver again or send back to Kandy (decision 0058). */
  failed_delivery: z.boolean(),
});
export type StoreOrderLine = z.infer<typeof storeOrderLineSchema>;

/** How many orders each product line lists (the longest waiting first); order_count has them all. */
export const STORE_ORDERS_PER_PRODUCT = 10;

export const storeStockLineSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  category: z.string(),
  units: z.number().int(),
  order_count: z.number().int(),
  orders: z.array(storeOrderLineSchema),
});
export type StoreStockLine = z.infer<typeof storeStockLineSchema>;

/**
 * GET /stores/{id}/stock: goods at the store (every train of the order has arrived and its
 * truck has not left) and goods on their way (booked on a train that has not arrived yet).
 */
export const storeStockSchema = z.object({
  store: storeSchema,
  as_of: z.string(),
  at_store: z.array(storeStockLineSchema),
  on_the_way: z.array(storeStockLineSchema),
  totals: z.object({
    units_at_store: z.number().int(),
    units_on_the_way: z.number().int(),
    orders_at_store: z.number().int(),
    orders_on_the_way: z.number().int(),
  }),
});
export type StoreStock = z.infer<typeof storeStockSchema>;
