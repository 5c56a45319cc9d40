import { describe, expect, it } from 'vitest';
import { knownText } from './known-texts';
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
