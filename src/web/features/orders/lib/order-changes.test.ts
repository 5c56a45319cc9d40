import { describe, expect, it } from 'vitest';
import type { OrderChange } from '#shared/contract/orders';
import { formatters } from '#web/i18n/format';
import { testTranslator } from '#web/i18n/testing';
import { changedByText, changeLineText, changeSummary } from './order-changes';

// in English, as the customer read them before the screens were translated
const t = testTranslator('en');
const f = formatters('en');

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
    expect(changeSummary(change(), t, f)).toBe('2 items, delivery date 12 Jun 2026 → 15 Jun 2026');
    expect(changeSummary(change({ schedule_date_after: '2026-06-12' }), t, f)).toBe('2 items');
    expect(changeSummary(change({ lines: [] }), t, f)).toBe('delivery date 12 Jun 2026 → 15 Jun 2026');
    expect(
      changeSummary(change({ lines: change().lines.slice(0, 1), schedule_date_after: '2026-06-12' }), t, f),
    ).toBe('1 item');
  });

  it('names each line and who changed it', () => {
    expect(change().lines.map((l) => changeLineText(l, t))).toEqual(['Ceylon Tea: 3 → 5', 'Soap: added (2)']);
    expect(changeLineText({ product_id: 3, product_name: 'Rice', before: 4, after: 0 }, t)).toBe(
      'Rice: removed (was 4)',
    );
    expect(changedByText(change(), t)).toBe('Changed by you');
    expect(changedByText(change({ by_customer: false, changed_by: 'manager' }), t)).toBe(
      'Changed by manager',
    );
  });
});
