import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatters, formattersWithoutIntlData } from './format';
import { testTranslator } from './testing';

describe('messages in three languages', () => {
  it('plurals and numbers follow the language', () => {
    const en = testTranslator('en');
    const si = testTranslator('si');
    const ta = testTranslator('ta');
    expect(en('order.lines', { count: 1 })).toBe('1 item');
    expect(en('order.lines', { count: 1250 })).toBe('1,250 items');
    expect(si('order.lines', { count: 1 })).toBe('භාණ්ඩ 1');
    expect(si('order.lines', { count: 1250 })).toBe('භාණ්ඩ 1,250');
    expect(ta('order.lines', { count: 1 })).toBe('1 பொருள்');
    expect(ta('order.lines', { count: 1250 })).toBe('1,250 பொருட்கள்');
  });

  it('a missing translation never shows a key: the English message stands in', () => {
    expect(testTranslator('ta')('landing.title')).not.toBe('landing.title');
  });
});

describe('dates and money in Colombo time, whatever the zone of the machine', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/Los_Angeles';
  });
  afterAll(() => {
    process.env.TZ = zone;
  });

  // 18:30 UTC on 24 Nov is 00:00 on 25 Nov in Colombo, still 24 Nov in Los Angeles
  const instant = '2026-11-24T18:30:00.000Z';

  it('the machine really is elsewhere', () => {
    expect(new Date(instant).getDate()).toBe(24);
  });

  it('English keeps the app formats', () => {
    const f = formatters('en');
    expect(f.dateTime(instant)).toBe('25 Nov 2026, 00:00');
    expect(f.money(1250.5)).toBe('$1,250.50');
  });

  it('Sinhala and Tamil read the Colombo day and hour', () => {
    for (const locale of ['si', 'ta'] as const) {
      const f = formatters(locale);
      // CLDR: Sinhala writes 00.00, Tamil 00:00; either way midnight in Colombo, not 10:30 the day before
      expect(f.time(instant)).toMatch(/^00[:.]00$/);
      expect(f.dateTime(instant)).toMatch(/25/);
      expect(f.dateTime(instant)).toMatch(/2026/);
      expect(f.date('2026-11-24')).toMatch(/24/);
      expect(f.money(1250.5)).toBe('$1,250.50');
      expect(f.number(12345)).toBe('12,345');
    }
    expect(formatters('si').date(instant)).toBe(
      new Intl.DateTimeFormat('si-LK', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'Asia/Colombo',
      }).format(new Date(instant)),
    );
  });

  it("a browser without the language's data still names the month, day first", () => {
    const si = formattersWithoutIntlData('si');
    expect(si.dateTime(instant)).toBe('25 නොවැ 2026, 00:00');
    expect(si.date('2026-12-07')).toBe('7 දෙසැ 2026');
    expect(si.shortDateTime(instant)).toBe('25 නොවැ, 00:00');
    expect(si.time(instant)).toBe('00:00');
    expect(formattersWithoutIntlData('ta').date('2026-12-07')).toBe('7 டிச. 2026');
  });
});
