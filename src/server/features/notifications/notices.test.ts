import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#shared/contract/auth';
import { customerProgress, nextStep, progressNotice } from '#shared/order-progress';
import { progressCases } from '#shared/order-progress-cases';
import { stageNotice, truckRepairNotice } from './notices';

const now = new Date('2026-11-22T09:00:00Z');
/** One order in each stage of src/shared/order-progress.ts, with and without a city. */
const CASES = progressCases(now);
/** A Scheduled order of three items for Galle. */
const base = CASES[1]!;

describe("an order's stage notice (notices.ts stageNotice)", () => {
  it('is in English word for word the shared progressNotice and nextStep, for every stage', () => {
    for (const facts of CASES) {
      const p = customerProgress(facts, now);
      const next = nextStep(facts, p);
      expect(stageNotice(12, facts, p)('en'), p.stage).toBe(
        `${progressNotice(12, p)}${next ? ` ${next}` : ''}`,
      );
    }
  });

  it('is written in Sinhala and Tamil for every stage, with the order number and no English words', () => {
    for (const facts of CASES) {
      const p = customerProgress(facts, now);
      for (const language of LANGUAGES.filter((l) => l !== 'en')) {
        const text = stageNotice(12, facts, p)(language);
        expect(text, `${language} ${p.stage}`).toContain('#12');
        expect(text, `${language} ${p.stage}`).not.toMatch(/\b(Order|store|items?|train|delivered|Kandy)\b/);
      }
    }
  });

  it('says how many items wait at the store in Tamil by number (one, several)', () => {
    const one = { ...base, failed: true, delivered: 2 };
    const two = { ...base, failed: true, delivered: 1 };
    expect(stageNotice(5, one, customerProgress(one, now))('ta')).toContain(
      'விநியோகிக்காத பொருள் மீண்டும் Galle களஞ்சியத்தில் உள்ளது: நாங்கள் அதை மீண்டும் விநியோகிப்போம்.',
    );
    expect(stageNotice(5, two, customerProgress(two, now))('ta')).toContain(
      'விநியோகிக்காத 2 பொருட்கள் மீண்டும் Galle களஞ்சியத்தில் உள்ளன: நாங்கள் அவற்றை மீண்டும் விநியோகிப்போம்.',
    );
  });
});

describe('a truck Under Repair without a note (notices.ts truckRepairNotice)', () => {
  it('leaves the note out in every language', () => {
    const notice = truckRepairNotice({ deliveryId: 7, plate: 'WP KA-1234', note: null });
    expect(notice('en')).toBe(
      'Truck WP KA-1234 is Under Repair: delivery #7 cannot start with it; the manager will move it to another truck.',
    );
    expect(notice('si')).toBe(
      'ලොරිය WP KA-1234 අලුත්වැඩියාවේ ඇත: බෙදාහැරීම #7 එයින් ආරම්භ කළ නොහැක; කළමනාකරු එය වෙනත් ලොරියකට මාරු කරනු ඇත.',
    );
    expect(notice('ta')).toBe(
      'லொறி WP KA-1234 பழுதுபார்ப்பில் உள்ளது: விநியோகம் #7 ஐ அதனுடன் தொடங்க முடியாது; மேலாளர் அதை வேறு லொறிக்கு மாற்றுவார்.',
    );
  });
});
