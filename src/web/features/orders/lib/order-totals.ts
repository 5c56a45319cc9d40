import { DELIVERY_FEE } from '#shared/constants';
import type { Product } from '#shared/contract/products';

export interface OrderLineInput {
  productId: string;
  quantity: number;
}

export interface OrderLineTotal {
  product: Product | null;
  quantity: number;
  lineTotal: number;
}

export interface OrderTotals {
  lines: OrderLineTotal[];
  subtotal: number;
  deliveryFee: number;
  total: number;
}

/** Rounds to cents so sums of prices never show float noise. */
function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * The live summary of the new-order form: each line at the product's current price,
 * subtotal, the fixed delivery fee and the total. Lines without a product or with an
 * invalid quantity count as 0.
 */
export function computeOrderTotals(
  lines: readonly OrderLineInput[],
  products: readonly Product[],
  deliveryFee: number = DELIVERY_FEE,
): OrderTotals {
  const byId = new Map(products.map((p) => [String(p.product_id), p]));
  const computed = lines.map((line) => {
    const product = byId.get(line.productId) ?? null;
    const quantity = Number.isFinite(line.quantity) && line.quantity > 0 ? Math.floor(line.quantity) : 0;
    return { product, quantity, lineTotal: product ? cents(product.unitPrice * quantity) : 0 };
  });
  const subtotal = cents(computed.reduce((sum, line) => sum + line.lineTotal, 0));
  return { lines: computed, subtotal, deliveryFee, total: cents(subtotal + deliveryFee) };
}
