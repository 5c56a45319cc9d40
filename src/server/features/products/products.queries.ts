import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { products } from '#server/db/schema';
import { isoTimestamp } from '#server/db/sql-helpers';
import type { InventoryProduct, ProductDetailsRequest } from '#shared/contract/products';

const INVENTORY_COLUMNS = sql`
  p.product_id, p.name as "productName", p.unit_price::float8 as "unitPrice", p.category,
  p.available_units, p.space_per_unit::float8 as space_per_unit, p.reorder_point,
  ${isoTimestamp('p.last_moved_at')} as last_movement_at`;

/** The catalogue with what the warehouse manages, by name. */
export async function listProducts(db: Executor): Promise<InventoryProduct[]> {
  const res = await db.execute<InventoryProduct>(
    sql`select ${INVENTORY_COLUMNS} from products p order by lower(p.name), p.product_id`,
  );
  return res.rows;
}

export async function findProduct(db: Executor, productId: number): Promise<InventoryProduct | undefined> {
  const res = await db.execute<InventoryProduct>(
    sql`select ${INVENTORY_COLUMNS} from products p where p.product_id = ${productId}`,
  );
  return res.rows[0];
}

/** Locks one product row for a stock change (the order service locks the same rows). */
export async function lockProduct(db: Executor, productId: number) {
  const res = await db.execute<{ product_id: number; name: string; available_units: number }>(
    sql`select product_id, name, available_units from products where product_id = ${productId} for update`,
  );
  return res.rows[0];
}

const detailsValues = (d: ProductDetailsRequest) => ({
  name: d.name,
  category: d.category,
  unitPrice: d.unit_price,
  spacePerUnit: d.space_per_unit,
  reorderPoint: d.reorder_point,
});

export async function insertProduct(db: Executor, details: ProductDetailsRequest): Promise<number> {
  const [row] = await db
    .insert(products)
    .values(detailsValues(details))
    .returning({ productId: products.productId });
  return row!.productId;
}

/** Name, category, price, space and reorder point; order items keep the price they were sold at. */
export async function updateProductDetails(
  db: Executor,
  productId: number,
  details: ProductDetailsRequest,
): Promise<boolean> {
  const res = await db.execute(
    sql`update products
           set name = ${details.name}, category = ${details.category}, unit_price = ${details.unit_price},
               space_per_unit = ${details.space_per_unit}, reorder_point = ${details.reorder_point}
         where product_id = ${productId}
     returning product_id`,
  );
  return res.rows.length > 0;
}
