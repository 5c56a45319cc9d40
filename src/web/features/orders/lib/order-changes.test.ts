import { describe, expect, it } from 'vitest';
import type { OrderChange } from '#shared/contract/orders';
import { changedByText, changeLineText, changeSummary } from './order-changes';

const change = (overrides: Partial<OrderChange> = {}): OrderChange => ({
  changed_at: '2026-06-01T08:00:00Z',
  changed_by: 'kamal',
  by_customer: true,
  schedule_date_before: '2026-06-12',
  schedule_date_after: '2026-06-15',
  lines: [
    { product_id: 1, product_name: 'Ceylon Tea', before: 3, after: 5 },
    { product_id: 2, product_name: 'Soap', before: 0, after: 2 },
  ],
  ...overrides,
});

describe('a change of a Pending order, in words', () => {
  it('says how many items and the dates moved', () => {
    expect(changeSummary(change())).toBe('2 items, delivery date 12 Jun 2026 → 15 Jun 2026');
    expect(changeSummary(change({ schedule_date_after: '2026-06-12' }))).toBe('2 items');
    expect(changeSummary(change({ lines: [] }))).toBe('delivery date 12 Jun 2026 → 15 Jun 2026');
    expect(
      changeSummary(change({ lines: change().lines.slice(0, 1), schedule_date_after: '2026-06-12' })),
    ).toBe('1 item');
  });

  it('names each line and who changed it', () => {
    expect(change().lines.map(changeLineText)).toEqual(['Ceylon Tea: 3 → 5', 'Soap: added (2)']);
    expect(changeLineText({ product_id: 3, product_name: 'Rice', before: 4, after: 0 })).toBe(
      'Rice: removed (was 4)',
    );
    expect(changedByText(change())).toBe('Changed by you');
    expect(changedByText(change({ by_customer: false, changed_by: 'manager' }))).toBe('Changed by manager');
  });
});
