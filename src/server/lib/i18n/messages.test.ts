import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#shared/contract/auth';
import { CATALOGUES, dateTimeText, t } from './messages';

/** Values the server passes that English does not write (notifications/notices.ts). */
const EXTRA_VALUES: Record<string, string[]> = { 'order.partlyDelivered': ['leftFigure'] };

const keys = (language: keyof typeof CATALOGUES) =>
  Object.keys(CATALOGUES[language])
    .filter((k) => !k.startsWith('@'))
    .sort();

describe('the server catalogues (src/server/lib/i18n)', () => {
  it('have the keys English has, no others, every message parses with no value English lacks, and say whether they are drafts', () => {
    const names = (text: string) => new Set([...text.matchAll(/\{(\w+)/g)].map((m) => m[1]));
    for (const language of LANGUAGES) {
      expect(keys(language), language).toEqual(keys('en'));
      for (const key of keys(language)) {
        const text = CATALOGUES[language][key] as string;
        expect(() => new IntlMessageFormat(text, language), `${language} ${key}`).not.toThrow();
        const given = new Set([...names(CATALOGUES.en[key] as string), ...(EXTRA_VALUES[key] ?? [])]);
        for (const name of names(text)) expect([...given], `${language} ${key}`).toContain(name);
      }
      if (language !== 'en') expect(JSON.stringify(CATALOGUES[language]['@metadata'])).toMatch(/DRAFT/);
    }
  });

  it('choose plurals by number and write Colombo time with their own month names', () => {
    const at = new Date('2026-11-22T09:00:00Z'); // 14:30 in Colombo
    expect(dateTimeText('en', at)).toBe('22 Nov 2026, 14:30');
    expect(dateTimeText('si', at)).toBe('2026 නොවැම්බර් 22, 14:30');
    expect(dateTimeText('ta', at)).toBe('22 நவம்பர் 2026, 14:30');
    for (const [count, en, ta] of [
      [1, '1 item was', '1 பொருள் இன்னும்'],
      [3, '3 items were', '3 பொருட்கள் இன்னும்'],
    ] as const) {
      expect(t('en', 'invoice.waiting', { count, figure: String(count) })).toMatch(new RegExp(`^${en} `));
      expect(t('ta', 'invoice.waiting', { count, figure: String(count) })).toMatch(new RegExp(`^${ta}`));
    }
  });
});
