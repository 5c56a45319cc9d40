import { describe, expect, it } from 'vitest';
import { pageCount, pageRange, parsePage } from './pagination';

describe('pagination', () => {
  it('counts pages from the total', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(45, 10)).toBe(5);
    expect(pageCount(Number.NaN, 10)).toBe(1);
  });

  it('reads a page number from the URL', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage(null)).toBe(1);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('1.5')).toBe(1);
    expect(parsePage('abc')).toBe(1);
  });

  it('gives the rows shown on a page', () => {
    expect(pageRange(1, 10, 45)).toEqual({ from: 1, to: 10 });
    expect(pageRange(5, 10, 45)).toEqual({ from: 41, to: 45 });
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });
});
