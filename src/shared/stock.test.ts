import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { reportStockLabel, STOCK_LABELS, stockLabel, stockStatus } from './stock';

describe('stock levels (docs/product/business-rules.md#stock-levels-and-alerts) and their one set of words', () => {
  it('keeps the thresholds: out of stock at 0, low below 50, medium below 150, else healthy', () => {
    expect([undefined, null, -1, 0, 1, 49, 50, 149, 150, 10_000].map(stockStatus)).toEqual([
      'unknown',
      'unknown',
      'out of stock',
      'out of stock',
      'low',
      'low',
      'medium',
      'medium',
      'healthy',
      'healthy',
    ]);
  });

  it('says each level in one way everywhere', () => {
    expect([0, 49, 50, 150].map(stockLabel)).toEqual([
      'Out of Stock',
      'Low Stock',
      'Medium Stock',
      'In Stock',
    ]);
    expect(stockLabel(undefined)).toBe('Unknown');
    // a word for each level, no two alike
    expect(new Set(Object.values(STOCK_LABELS)).size).toBe(Object.keys(STOCK_LABELS).length);
  });

  it('the reports use 0, below 50, else In Stock (no medium there)', () => {
    expect([0, 49, 50, 149, 150].map(reportStockLabel)).toEqual([
      'Out of Stock',
      'Low Stock',
      'In Stock',
      'In Stock',
      'In Stock',
    ]);
  });
});

// the screens take their words from STOCK_LABELS: none writes a stock level of its own
const WEB = join(dirname(fileURLToPath(import.meta.url)), '..', 'web');
const OTHER_WORDS =
  /['">](Healthy|Low stock|In stock|Out of stock|Out of Stock|Low Stock|Medium Stock|In Stock)['"<]/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('stock words on web screens', () => {
  it('come from src/shared/stock.ts', () => {
    const offenders = sourceFiles(WEB)
      .filter((file) => OTHER_WORDS.test(readFileSync(file, 'utf8')))
      .map((file) => relative(WEB, file));
    expect(offenders).toEqual([]);
  });
});
