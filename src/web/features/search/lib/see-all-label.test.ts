import { describe, expect, it } from 'vitest';
import { testTranslator } from '#web/i18n/testing';
import { seeAllLabel, seeAllNote } from './see-all-label';

const en = testTranslator('en');

describe('seeAllLabel', () => {
  it('names the words the link filters by, not the typed text', () => {
    expect(
      seeAllLabel(
        en,
        { kind: 'order', more_path: '/manager/orders?q=Jayasinghe%20Traders' },
        'jayasinhe traders',
      ),
    ).toBe('See all orders for "Jayasinghe Traders"');
  });

  it('keeps the typed text when the link carries no words', () => {
    expect(seeAllLabel(en, { kind: 'user', more_path: '/admin/users' }, 'nim')).toBe(
      'See all users for "nim"',
    );
    expect(seeAllLabel(en, { kind: 'product', more_path: '/warehouse/inventory?q=+' }, 'x')).toBe(
      'See all products for "x"',
    );
  });

  it("is written in the reader's language", () => {
    const label = seeAllLabel(
      testTranslator('ta'),
      { kind: 'order', more_path: '/customer/history?q=galle' },
      'g',
    );
    expect(label).toContain('"galle"');
    expect(label.replace('galle', '')).not.toMatch(/[A-Za-z]{2,}/);
  });
});

describe('seeAllNote', () => {
  it("says that a customer's box reads its latest orders by words, that a manager's list holds the orders not delivered, and nothing else", () => {
    expect(seeAllNote(en, { kind: 'order' }, 'customer')).toMatch(/latest 500 orders/);
    expect(seeAllNote(en, { kind: 'order' }, 'manager')).toMatch(/not yet delivered/);
    expect(seeAllNote(en, { kind: 'order' }, 'admin')).toBeNull();
    expect(seeAllNote(en, { kind: 'product' }, 'customer')).toBeNull();
  });
});
