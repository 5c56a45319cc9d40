import { describe, expect, it } from 'vitest';
import { CUSTOMER_STAGES, customerProgress } from '#shared/order-progress';
import { progressCases } from '#shared/order-progress-cases';
import { testTranslator } from '#web/i18n/testing';
import { stageText } from './stage-badge';

const now = new Date('2026-03-01T06:00:00Z');
const CASES = progressCases(now);

describe('an order stage badge', () => {
  it('covers every stage', () => {
    const stages = new Set(CASES.map((f) => customerProgress(f, now).stage));
    expect([...stages].sort()).toEqual([...CUSTOMER_STAGES].sort());
  });

  it("reads in English exactly as the server's label", () => {
    const t = testTranslator('en');
    for (const facts of CASES) {
      const { stage, label } = customerProgress(facts, now);
      expect(stageText(t, stage, label), JSON.stringify(facts)).toBe(label);
    }
  });

  it('keeps the figures and the city in Sinhala and Tamil, with no English word left', () => {
    for (const locale of ['si', 'ta'] as const) {
      const t = testTranslator(locale);
      for (const facts of CASES) {
        const { stage, label } = customerProgress(facts, now);
        const text = stageText(t, stage, label);
        for (const figure of label.match(/\d+/g) ?? []) expect(text).toContain(figure);
        expect(text, `${locale}: ${text}`).not.toMatch(/[A-Za-z]{2,}/);
      }
    }
  });
});
