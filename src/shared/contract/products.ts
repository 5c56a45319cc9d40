import { z } from 'zod';

/** GET /products row (portal-spec §3). */
export const productSchema = z.object({
  product_id: z.number().int(),
  productName: z.string(),
  unitPrice: z.number(),
  category: z.string(),
  available_units: z.number().int(),
});
export type Product = z.infer<typeof productSchema>;
export const productListResponse = z.array(productSchema);
