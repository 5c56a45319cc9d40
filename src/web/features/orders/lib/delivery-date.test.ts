import { describe, expect, it } from 'vitest';
import { isAllowedDeliveryDate, maxDeliveryDate, minDeliveryDate } from './delivery-date';

describe('minDeliveryDate', () => {
  it('is today plus the 7-day lead time', () => {
    expect(minDeliveryDate(new Date(2025, 0, 10, 15, 30))).toBe('2025-01-17');
  });

  it('crosses month and year ends', () => {
    expect(minDeliveryDate(new Date(2024, 11, 28))).toBe('2025-01-04');
    expect(minDeliveryDate(new Date(2024, 1, 25))).toBe('2024-03-03');
  });

  it('uses the given lead time', () => {
    expect(minDeliveryDate(new Date(2025, 5, 1), 3)).toBe('2025-06-04');
  });
});

describe('isAllowedDeliveryDate', () => {
  it('accepts the minimum date and later', () => {
    expect(isAllowedDeliveryDate('2025-01-17', '2025-01-17')).toBe(true);
    expect(isAllowedDeliveryDate('2025-02-01', '2025-01-17')).toBe(true);
  });

  it('refuses earlier dates and junk', () => {
    expect(isAllowedDeliveryDate('2025-01-16', '2025-01-17')).toBe(false);
    expect(isAllowedDeliveryDate('', '2025-01-17')).toBe(false);
    expect(isAllowedDeliveryDate('2025-13-40', '2025-01-17')).toBe(false);
  });
});

describe('maxDeliveryDate', () => {
  it('is today plus 365 days, and bounds the allowed dates', () => {
    expect(maxDeliveryDate(new Date(2025, 0, 10, 15, 30))).toBe('2026-01-10');
    expect(isAllowedDeliveryDate('2026-01-10', '2025-01-17', '2026-01-10')).toBe(true);
    expect(isAllowedDeliveryDate('2026-01-11', '2025-01-17', '2026-01-10')).toBe(false);
  });
});
