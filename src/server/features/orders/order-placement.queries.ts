import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';

const intArray = (ids: number[]) => sql`${`{${JSON.stringify(ids).slice(1, -1)}}`}::int[]`;

export interface PlacementInput {
  actorUserId: number;
  customerId: number;
  at: Date;
  scheduleDate: string;
  /** The address typed for this order; null: the customer's own. */
  deliveryAddress: string | null;
  /** A city named for this order (must be one we deliver to); null: the customer's own. */
  cityName: string | null;
  specialInstructions: string | null;
  deliveryFee: number;
  /** Sorted by product id, one line per product. */
  lines: Array<{ productId: number; quantity: number }>;
  files: Array<{ fileName: string; contentType: string; sizeBytes: number; storageKey: string }>;
}

export type PlacementResult = {
  /** Null when nothing was written: no such customer, a product missing, too little stock or a city we do not serve. */
  order_id: number | null;
  status: string | null;
  customer_found: boolean;
  city_id: number | null;
  /** The wanted products that exist, as read before writing. */
  products: Array<{ product_id: number; name: string; available_units: number }>;
};

/**
 * Places an order in one call of `place_order()` (migrations/0016, decisions 0031 and 0039): one
 * round trip, its own transaction. It reads the customer, the delivery city and route and the
 * wanted products, and only when they all check out writes the order, its first status, its
 * lines (priced from the products) and its attachments; then it locks the products in id order
 * and writes the stock reservations. Only that last step and the commit hold the product rows;
 * the sales rollups are appended as deltas, so no order waits on a shared rollup row. A
 * shortage between the read and the lock fails the whole call on the products' CHECK. The
 * actor for the audit triggers is set (transaction-local) before anything is written.
 */
export async function placeOrderStatement(db: Executor, p: PlacementInput): Promise<PlacementResult> {
  const files = JSON.stringify(
    p.files.map((f) => ({
      file_name: f.fileName,
      content_type: f.contentType,
      size_bytes: f.sizeBytes,
      storage_key: f.storageKey,
    })),
  );
  const res = await db.execute<{ placed: PlacementResult | string }>(
    sql`select place_order(${p.actorUserId}::int, ${p.customerId}::int, ${p.at.toISOString()}::timestamptz,
                           ${p.scheduleDate}::date, ${p.deliveryAddress}::text, ${p.cityName?.trim() ?? null}::text,
                           ${p.specialInstructions}::text, ${p.deliveryFee}::numeric,
                           ${intArray(p.lines.map((l) => l.productId))}, ${intArray(p.lines.map((l) => l.quantity))},
                           ${files}::json) as placed`,
  );
  const placed = res.rows[0]!.placed;
  // pg and PGlite hand json back parsed; a driver returning text would still work
  return typeof placed === 'string' ? JSON.parse(placed) : placed;
}

/** The wanted products' names and stock now, to name the one that ran out. */
export async function readStock(db: Executor, productIds: number[]) {
  const res = await db.execute<{ product_id: number; name: string; available_units: number }>(
    sql`select product_id, name, available_units from products
         where product_id = any(${intArray(productIds)}) order by product_id`,
  );
  return res.rows;
}
