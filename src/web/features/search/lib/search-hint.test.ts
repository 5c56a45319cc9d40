import { describe, expect, it } from 'vitest';
import { searchHint } from './search-hint';

describe('searchHint', () => {
  it('names what each portal may find, from the permission table', () => {
    expect(searchHint('customer')).toBe(
      'Search your orders and products by name, address or number (#4512).',
    );
    expect(searchHint('assistant')).toBe(
      'Search your orders and deliveries by name, address or number (#4512).',
    );
    expect(searchHint('warehouse')).toBe(
      'Search products, stores and stock movements by name, address or number (#4512).',
    );
    expect(searchHint('admin')).toContain('users and roles');
  });
});
