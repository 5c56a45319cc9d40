import { describe, expect, it } from 'vitest';
import type { LoadableOrder } from '#shared/contract/deliveries';
import { chosenSpace, initiallyChosen } from './load-plan';

const order = (order_id: number, space: number, on_this_delivery = false) =>
  ({ order_id, space, on_this_delivery }) as LoadableOrder;

describe('load plan', () => {
  it('sums the chosen orders exactly and starts from what is on the truck', () => {
    const orders = [order(1, 0.1, true), order(2, 0.2), order(3, 5)];
    expect(chosenSpace(orders, new Set([1, 2]))).toBe(0.3);
    expect(chosenSpace(orders, new Set())).toBe(0);
    expect([...initiallyChosen(orders)]).toEqual([1]);
  });
});
