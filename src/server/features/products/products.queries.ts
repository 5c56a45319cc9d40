import { asc } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { products } from '#server/db/schema';

export function listProducts(db: Executor) {
  return db
    .select({
      product_id: products.productId,
      productName: products.name,
      unitPrice: products.unitPrice,
      category: products.category,
      available_units: products.availableUnits,
    })
    .from(products)
    .orderBy(asc(products.name));
}
