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

/** What an order being changed already holds of a product: its quantity and captured unit price. */
export type CapturedLines = ReadonlyMap<string, { quantity: number; unitPrice: number }>;

/**
 * The live summary of the new-order form: each line at the product's current price,
 * subtotal, the fixed delivery fee and the total. Lines without a product or with an
 * invalid quantity count as 0. Changing an order (`captured`, decision 0063): a product kept at
 * its quantity or lowered keeps the price captured when it was ordered; raised or added, it
 * takes today's price, as the server prices it.
 */
export function computeOrderTotals(
  lines: readonly OrderLineInput[],
  products: readonly Product[],
  deliveryFee: number = DELIVERY_FEE,
  captured?: CapturedLines,
): OrderTotals {
  const byId = new Map(products.map((p) => [String(p.product_id), p]));
  const quantityOf = (line: OrderLineInput) =>
    Number.isFinite(line.quantity) && line.quantity > 0 ? Math.floor(line.quantity) : 0;
  // the server sums two lines of one product before pricing it
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + quantityOf(line));
  const priceOf = (product: Product) => {
    const held = captured?.get(String(product.product_id));
    return held && (wanted.get(String(product.product_id)) ?? 0) <= held.quantity
      ? held.unitPrice
      : product.unitPrice;
  };
  const computed = lines.map((line) => {
    const product = byId.get(line.productId) ?? null;
    const quantity = quantityOf(line);
    return { product, quantity, lineTotal: product ? cents(priceOf(product) * quantity) : 0 };
  });
  const subtotal = cents(computed.reduce((sum, line) => sum + line.lineTotal, 0));
  return { lines: computed, subtotal, deliveryFee, total: cents(subtotal + deliveryFee) };
}
