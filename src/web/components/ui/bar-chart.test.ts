import { describe, expect, it } from 'vitest';
import { niceTicks } from './bar-chart';

describe('niceTicks', () => {
  it('ends at a round value at or above the largest bar', () => {
    expect(niceTicks(17_300)).toEqual([0, 5000, 10_000, 15_000, 20_000]);
    expect(niceTicks(1240)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(niceTicks(9)).toEqual([0, 2.5, 5, 7.5, 10]);
    expect(niceTicks(4)).toEqual([0, 1, 2, 3, 4]);
  });

  it('an empty or all-zero chart still has an axis', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(Number.NaN)).toEqual([0, 1]);
  });
});
