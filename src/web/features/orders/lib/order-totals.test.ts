import { describe, expect, it } from 'vitest';
import type { Product } from '#shared/contract/products';
import { computeOrderTotals } from './order-totals';

const products: Product[] = [
  { product_id: 1, productName: 'Tea 400g', unitPrice: 4.1, category: 'Beverages', available_units: 100 },
  { product_id: 2, productName: 'Soap', unitPrice: 0.7, category: 'Personal care', available_units: 3 },
];

describe('computeOrderTotals', () => {
  it('sums line totals and adds the $25.00 delivery fee', () => {
    const totals = computeOrderTotals(
      [
        { productId: '1', quantity: 3 },
        { productId: '2', quantity: 10 },
      ],
      products,
    );
    expect(totals.lines.map((l) => l.lineTotal)).toEqual([12.3, 7]);
    expect(totals.subtotal).toBe(19.3);
    expect(totals.deliveryFee).toBe(25);
    expect(totals.total).toBe(44.3);
  });

  it('counts lines without a product or with a bad quantity as zero', () => {
    const totals = computeOrderTotals(
      [
        { productId: '', quantity: 5 },
        { productId: '1', quantity: Number.NaN },
        { productId: '99', quantity: 2 },
      ],
      products,
    );
    expect(totals.lines.map((l) => l.lineTotal)).toEqual([0, 0, 0]);
    expect(totals.lines[0]?.product).toBeNull();
    expect(totals.subtotal).toBe(0);
    expect(totals.total).toBe(25);
  });

  it('avoids floating point noise', () => {
    const totals = computeOrderTotals([{ productId: '2', quantity: 3 }], products);
    expect(totals.subtotal).toBe(2.1);
  });

  it('prices an order being changed as the server does: kept or lowered at the captured price, raised or added at today’s', () => {
    const captured = new Map([
      ['1', { quantity: 3, unitPrice: 3.9 }],
      ['2', { quantity: 5, unitPrice: 0.5 }],
    ]);
    const kept = computeOrderTotals(
      [
        { productId: '1', quantity: 3 },
        { productId: '2', quantity: 2 },
      ],
      products,
      25,
      captured,
    );
    expect(kept.lines.map((l) => l.lineTotal)).toEqual([11.7, 1]);
    // raised (two lines of one product count together): today's price for the whole line
    const raised = computeOrderTotals(
      [
        { productId: '1', quantity: 2 },
        { productId: '1', quantity: 2 },
      ],
      products,
      25,
      captured,
    );
    expect(raised.lines.map((l) => l.lineTotal)).toEqual([8.2, 8.2]);
  });
});
