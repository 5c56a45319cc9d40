import { describe, expect, it } from 'vitest';
import { seeAllLabel, seeAllNote } from './see-all-label';

describe('seeAllLabel', () => {
  it('names the words the link filters by, not the typed text', () => {
    expect(
      seeAllLabel(
        { label: 'Orders', more_path: '/manager/orders?q=Jayasinghe%20Traders' },
        'jayasinhe traders',
      ),
    ).toBe('See all orders for "Jayasinghe Traders"');
  });

  it('keeps the typed text when the link carries no words', () => {
    expect(seeAllLabel({ label: 'Users', more_path: '/admin/users' }, 'nim')).toBe('See all users for "nim"');
    expect(seeAllLabel({ label: 'Products', more_path: '/warehouse/inventory?q=+' }, 'x')).toBe(
      'See all products for "x"',
    );
  });
});

describe('seeAllNote', () => {
  it("says that a customer's box reads its latest orders by words, that a manager's list holds the orders not delivered, and nothing else", () => {
    expect(seeAllNote({ kind: 'order' }, 'customer')).toMatch(/latest 500 orders/);
    expect(seeAllNote({ kind: 'order' }, 'manager')).toMatch(/not yet delivered/);
    expect(seeAllNote({ kind: 'order' }, 'admin')).toBeNull();
    expect(seeAllNote({ kind: 'product' }, 'customer')).toBeNull();
  });
});
