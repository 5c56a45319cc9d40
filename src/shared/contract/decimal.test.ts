import { describe, expect, it } from 'vitest';
import { decimal, spaceAmount } from './common';

const messages = (
  schema: { safeParse(v: unknown): { error?: { issues: Array<{ message: string }> } } },
  v: unknown,
) => (schema.safeParse(v).error?.issues ?? []).map((i) => i.message);

describe('decimal(): bounds on the value the numeric column stores', () => {
  it('refuses what rounds onto an excluded bound, and more decimals than the column keeps', () => {
    expect(messages(spaceAmount, 1e-300)).toEqual(['must be at least 0.01']);
    expect(messages(spaceAmount, 0.004)).toEqual(['must have at most 2 decimals']);
    expect(messages(spaceAmount, 0)).toEqual(['must be more than 0']);
    expect(messages(spaceAmount, -1e-300)).toEqual(['must be more than 0']);
    expect(messages(spaceAmount, 1e300)).toEqual(['must be at most 99,999,999']);
    const hours = decimal({ field: 'weekly_hour_limit', scale: 1, min: 0, above: true, max: 168 });
    expect(messages(hours, 0.04)).toEqual(['weekly_hour_limit must have at most 1 decimal']);
    expect(messages(hours, 0.1)).toEqual([]);
  });

  it('takes float noise and the ends of the range as the values they stand for', () => {
    for (const n of [0.1 + 0.2, 0.01, 19.99, 99_999_999, 99_999_998.99, 1.15 * 3])
      expect(messages(spaceAmount, n), String(n)).toEqual([]);
    // with the bound 0 included, a value that rounds to 0 is 0 (a free product)
    const price = decimal({ scale: 2, min: 0, max: 1_000_000 });
    expect(messages(price, 1e-300)).toEqual([]);
    expect(messages(price, 0.001)).toEqual(['must have at most 2 decimals']);
  });
});
