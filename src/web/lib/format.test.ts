import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  dateTimeLocalToIso,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatMonth,
  formatShortDateTime,
  formatTime,
  toDateTimeLocal,
  todayIso,
} from './format';

// Fixed instants, so the answers do not depend on the zone the test runs in: each is a time
// where Colombo's wall clock and UTC (and New York) fall on different days or hours.
describe('the web date module (Colombo time, docs/decisions/0064)', () => {
  it('writes a business date-time in Colombo, whatever the machine zone', () => {
    expect(formatDateTime('2026-11-22T20:00:00Z')).toBe('23 Nov 2026, 01:30');
    expect(formatDateTime('2026-11-22T09:00:00Z')).toBe('22 Nov 2026, 14:30');
    // midnight is 00:xx, never 24:xx; an offset in the value is honoured
    expect(formatDateTime('2026-11-22T18:35:00Z')).toBe('23 Nov 2026, 00:05');
    expect(formatDateTime('2026-11-22T10:00:00-05:00')).toBe('22 Nov 2026, 20:30');
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('not a date');
  });

  it('writes a calendar date as "22 Nov 2026": a date as it is, an instant by its Colombo day', () => {
    expect(formatDate('2026-11-22')).toBe('22 Nov 2026');
    expect(formatDate('2026-09-03')).toBe('3 Sep 2026');
    expect(formatDate('2026-11-22T19:00:00Z')).toBe('23 Nov 2026');
    expect(formatDate('2026-02-30')).toBe('2026-02-30');
    expect(formatDate(undefined)).toBe('—');
    // a date-only value given to the date-time formatter stays a date (no midnight in some zone)
    expect(formatDateTime('2026-11-22')).toBe('22 Nov 2026');
  });

  it('writes near times without the year, and clock times, in Colombo', () => {
    expect(formatShortDateTime('2026-11-22T20:00:00Z')).toBe('23 Nov, 01:30');
    expect(formatTime('2026-11-22T20:00:00Z')).toBe('01:30');
    expect(formatDayMonth('2026-11-22T20:00:00Z')).toBe('23 Nov');
    expect(formatDayMonth('2026-11-22')).toBe('22 Nov');
    expect(formatMonth('2026-11')).toBe('Nov 2026');
  });

  it('reads and writes datetime-local values as Colombo wall time', () => {
    expect(dateTimeLocalToIso('2026-11-23T01:30')).toBe('2026-11-22T20:00:00.000Z');
    expect(dateTimeLocalToIso('2026-11-23T01:30:15')).toBe('2026-11-22T20:00:15.000Z');
    expect(toDateTimeLocal(new Date('2026-11-22T20:00:00Z'))).toBe('2026-11-23T01:30');
    expect(dateTimeLocalToIso(toDateTimeLocal(new Date('2026-03-01T18:29:00Z')))).toBe(
      '2026-03-01T18:29:00.000Z',
    );
    for (const bad of ['', '2026-11-23', '2026-02-30T10:00', '2026-11-23T25:00', 'tomorrow'])
      expect(dateTimeLocalToIso(bad)).toBeNull();
  });

  it('takes today as the Colombo day', () => {
    // 20:00 UTC is already the next day in Colombo (and still the same day in New York)
    expect(todayIso(new Date('2026-11-22T20:00:00Z'))).toBe('2026-11-23');
    expect(todayIso(new Date('2026-11-22T18:29:00Z'))).toBe('2026-11-22');
  });
});

// The browser's zone must not come back by another door: dates are written by this module, and by
// its twin for Sinhala and Tamil (i18n/format.ts, Colombo time too: src/web/i18n/format.test.ts).
const WEB = join(dirname(fileURLToPath(import.meta.url)), '..');
const MODULES = ['lib/format.ts', 'i18n/format.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const BROWSER_ZONE = [
  { what: 'date-fns (formats in the browser zone)', re: /from 'date-fns'/ },
  { what: 'toLocaleDateString/toLocaleTimeString', re: /\.toLocale(Date|Time)String\(/ },
  { what: 'a Date written by toLocaleString', re: /new Date\([^)]*\)\.toLocaleString\(/ },
  { what: 'an Intl.DateTimeFormat of its own', re: /Intl\.DateTimeFormat\(/ },
];

describe('dates on web screens', () => {
  it('are written only by src/web/lib/format.ts and src/web/i18n/format.ts', () => {
    const offenders = sourceFiles(WEB).flatMap((file) => {
      const name = relative(WEB, file);
      if (MODULES.includes(name)) return [];
      const text = readFileSync(file, 'utf8');
      return BROWSER_ZONE.filter((rule) => rule.re.test(text)).map((rule) => `${name}: ${rule.what}`);
    });
    expect(offenders).toEqual([]);
  });
});
