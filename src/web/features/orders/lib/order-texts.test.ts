import { describe, expect, it } from 'vitest';
import { ANY_FAILURE_REASONS } from '#shared/contract/crew';
import { customerProgress, nextStep } from '#shared/order-progress';
import { progressCases } from '#shared/order-progress-cases';
import { ORDER_STATUSES } from '#shared/order-status';
import { testTranslator } from '#web/i18n/testing';
import { failureReason, failureReasonInline, nextStepText, orderStatusName } from './order-texts';

const now = new Date('2026-03-01T06:00:00Z');
// every sentence nextStep() writes: each stage that has one, one and several items, with and without a city
const sentences = [
  ...new Set(progressCases(now).flatMap((f) => nextStep(f, customerProgress(f, now)) ?? [])),
];

describe("the order's next step in the reader's language", () => {
  it('has the sentences of every stage that has one', () => {
    expect(sentences.length).toBeGreaterThanOrEqual(10);
  });

  it("reads in English exactly as the server's sentence", () => {
    const t = testTranslator('en');
    for (const sentence of sentences) expect(nextStepText(t, sentence)).toBe(sentence);
  });

  it('is said in Sinhala and Tamil with its figures and city, no English word left', () => {
    for (const locale of ['si', 'ta'] as const) {
      const t = testTranslator(locale);
      for (const sentence of sentences) {
        const text = nextStepText(t, sentence);
        for (const figure of sentence.match(/\d+/g) ?? []) expect(text).toContain(figure);
        if (sentence.includes('Galle')) expect(text).toContain(t('city.galle'));
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
