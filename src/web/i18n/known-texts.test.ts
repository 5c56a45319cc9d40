import { describe, expect, it } from 'vitest';
import { formatDate } from '#web/lib/format';
import { formattersWithoutIntlData } from './format';
import { isoOfEnglishDate, knownText } from './known-texts';
import { testTranslator } from './testing';

// the server's refusals on a customer's own order (src/server/features/orders/customer-orders.service.ts)
// and of an upload (src/server/http/uploads.ts), as the server writes them
const REFUSALS = [
  'Order #12 is Scheduled and can no longer be cancelled online: only a Pending order can. Please contact support and we will help.',
  'Order #12 is In Transit and can no longer be changed online: only a Pending order can. Please contact support and we will help.',
  'Not enough stock for Ceylon Tea: 4 available, 6 more requested',
  'Not enough stock for Ceylon Tea: 4 available, 6 requested',
  "File 'scan.pdf' is larger than 10 MB",
  'Order #12 is already cancelled',
  'Order 12 not found',
];

describe("the server's texts the web knows", () => {
  it('reads in English as the server wrote them', () => {
    const t = testTranslator('en');
    for (const text of REFUSALS.slice(0, 5)) expect(knownText(t, text)).toBe(text);
  });

  it('says them in Sinhala and Tamil with their figures and names, no English word left', () => {
    for (const locale of ['si', 'ta'] as const) {
      const t = testTranslator(locale);
      for (const text of REFUSALS) {
        const said = knownText(t, text);
        for (const figure of text.match(/\d+/g) ?? []) expect(said).toContain(figure);
        const words = said.replace(/Ceylon Tea|scan\.pdf|MB/g, '');
        expect(words, `${locale}: ${said}`).not.toMatch(/[A-Za-z]{2,}/);
      }
    }
  });

  it('shows a text it does not know as it came', () => {
    expect(knownText(testTranslator('ta'), 'Something else happened')).toBe('Something else happened');
  });
});

describe("a form's date limits", () => {
  // as src/web/features/orders/lib/new-order-schema.ts writes them, the date in the app's English
  const soon = `Delivery date must be at least 7 days from today (${formatDate('2026-12-14')} or later)`;
  const late = `Delivery date can be at most 60 days from today (${formatDate('2027-02-05')} or earlier)`;

  it('reads the English date back', () => {
    expect(isoOfEnglishDate(formatDate('2026-12-14'))).toBe('2026-12-14');
    expect(isoOfEnglishDate('2 Feb 2027')).toBe('2027-02-02');
    expect(isoOfEnglishDate('Someday')).toBeNull();
  });

  it("says the date in the reader's language, months named (no English month left)", () => {
    const f = formattersWithoutIntlData('si');
    const said = knownText(testTranslator('si'), soon, f.date);
    expect(said).toContain('14 දෙසැ 2026');
    expect(said).not.toMatch(/[A-Za-z]{2,}/);
    const ta = knownText(testTranslator('ta'), late, formattersWithoutIntlData('ta').date);
    expect(ta).toContain('5 பிப். 2027');
    expect(ta).not.toMatch(/[A-Za-z]{2,}/);
    expect(knownText(testTranslator('en'), soon)).toBe(soon);
  });
});
