import { describe, expect, it } from 'vitest';
import { searchTokens } from '#shared/search-fold';
import { highlight } from './highlight';
import { toMatch } from './search.service';

// search_fold() in SQL and foldText() agree: src/server/rules-in-two-languages.test.ts
describe('folding', () => {
  it('splits a query into folded words and recognises order numbers', () => {
    expect(searchTokens('  Sénanayake, 12/B  ')).toEqual(['senanayake', '12', 'b']);
    expect(toMatch('#4512', 5)).toMatchObject({ number: 4512, tokens: ['4512'] });
    expect(toMatch('4512', 5)?.number).toBe(4512);
    expect(toMatch('order 4512', 5)?.number).toBeNull();
    expect(toMatch('WP CAB-1234', 5)?.compact).toBe('wpcab1234');
    expect(toMatch('#', 5)).toBeNull();
  });
});

describe('highlight', () => {
  it('marks words at a word start, inside a word, and the closest word for a typo', () => {
    expect(highlight('Kasun Jayasinghe', ['jaya'])).toEqual([{ start: 6, length: 4 }]);
    expect(highlight('WP-CAB-1234', ['123'])).toEqual([{ start: 7, length: 3 }]);
    expect(highlight('Kasun Jayasinghe', ['jayasinhe'])).toEqual([{ start: 6, length: 10 }]);
    expect(highlight('Nuwan Sénanayake', ['senanayake', 'nuwan'])).toEqual([
      { start: 0, length: 5 },
      { start: 6, length: 10 },
    ]);
    expect(highlight('Galle', ['colombo'])).toEqual([]);
  });
});
