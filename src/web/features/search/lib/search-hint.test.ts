import { describe, expect, it } from 'vitest';
import { testTranslator } from '#web/i18n/testing';
import { searchHint } from './search-hint';

const en = testTranslator('en');

describe('searchHint', () => {
  it('names what each portal may find, from the permission table', () => {
    expect(searchHint(en, 'customer')).toBe(
      'Search your orders and products by name, address or number (#4512).',
    );
    expect(searchHint(en, 'assistant')).toBe(
      'Search your orders and deliveries by name, address or number (#4512).',
    );
    expect(searchHint(en, 'warehouse')).toBe(
      'Search products, stores and stock movements by name, address or number (#4512).',
    );
    expect(searchHint(en, 'admin')).toContain('users and roles');
  });

  it("says it in the reader's language", () => {
    expect(searchHint(testTranslator('si'), 'customer')).toBe(
      'ඔබේ ඇණවුම් සහ භාණ්ඩ නමින්, ලිපිනයෙන් හෝ අංකයෙන් (#4512) සොයන්න.',
    );
    expect(searchHint(testTranslator('ta'), 'customer')).not.toMatch(/[A-Za-z]{2,}/);
  });
});
