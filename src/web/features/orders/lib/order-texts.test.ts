import { describe, expect, it } from 'vitest';
import { ANY_FAILURE_REASONS } from '#shared/contract/crew';
import { customerProgress, nextStep, type OrderProgressFacts } from '#shared/order-progress';
import { ORDER_STATUSES } from '#shared/order-status';
import { testTranslator } from '#web/i18n/testing';
import { failureReason, failureReasonInline, nextStepText, orderStatusName } from './order-texts';

const now = new Date('2026-03-01T06:00:00Z');
const base: OrderProgressFacts = {
  status: 'Scheduled',
  items: 3,
  delivered: 0,
  returned: 0,
  failed: false,
  lastArrival: null,
  city: 'Galle',
};
// every sentence nextStep() writes: each stage that has one, one and several items, with and without a city
const CASES: OrderProgressFacts[] = [
  base,
  { ...base, city: null },
  { ...base, lastArrival: new Date(now.getTime() + 3_600_000) },
  { ...base, lastArrival: new Date(now.getTime() + 3_600_000), city: 'Jaffna' },
  { ...base, lastArrival: new Date(now.getTime() - 3_600_000) },
  { ...base, status: 'Delivered', returned: 1 },
  { ...base, failed: true, delivered: 2 },
  { ...base, failed: true, delivered: 1 },
  { ...base, failed: true, delivered: 1, city: null },
  { ...base, failed: true },
  { ...base, status: 'Cancelled', returned: 2 },
];
const sentences = CASES.map((f) => nextStep(f, customerProgress(f, now)));

describe("the order's next step in the reader's language", () => {
  it('has a sentence for each case', () => {
    expect(sentences.every((s) => s !== null)).toBe(true);
    expect(new Set(sentences).size).toBe(CASES.length);
  });

  it("reads in English exactly as the server's sentence", () => {
    const t = testTranslator('en');
    for (const sentence of sentences) expect(nextStepText(t, sentence!)).toBe(sentence);
  });

  it('is said in Sinhala and Tamil with its figures and city, no English word left', () => {
    for (const locale of ['si', 'ta'] as const) {
      const t = testTranslator(locale);
      for (const sentence of sentences) {
        const text = nextStepText(t, sentence!);
        for (const figure of sentence!.match(/\d+/g) ?? []) expect(text).toContain(figure);
        if (sentence!.includes('Galle')) expect(text).toContain(t('city.galle'));
        expect(text, `${locale}: ${text}`).not.toMatch(/[A-Za-z]{2,}/);
      }
    }
  });

  it('shows a sentence it does not know as it came', () => {
    expect(nextStepText(testTranslator('si'), 'Call us.')).toBe('Call us.');
  });
});

describe('status and reason names', () => {
  it('are English as the server wrote them, and translated in si and ta', () => {
    const en = testTranslator('en');
    for (const status of ORDER_STATUSES) expect(orderStatusName(en, status)).toBe(status);
    for (const reason of ANY_FAILURE_REASONS) {
      expect(failureReason(en, reason)).toBe(reason);
      expect(failureReasonInline(en, reason)).toBe(reason.toLowerCase());
    }
    for (const locale of ['si', 'ta'] as const) {
      const t = testTranslator(locale);
      for (const status of ORDER_STATUSES) expect(orderStatusName(t, status)).not.toMatch(/[A-Za-z]/);
      for (const reason of ANY_FAILURE_REASONS) expect(failureReason(t, reason)).not.toMatch(/[A-Za-z]/);
    }
  });
});
