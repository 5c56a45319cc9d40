import { IntlMessageFormat } from 'intl-messageformat';
import type { Language } from '#shared/contract/auth';
import { businessWallClock } from '#shared/dates';
import en from './en.json';
import si from './si.json';
import ta from './ta.json';

/**
 * The texts the server makes for people (notifications, the invoice PDF) in English, Sinhala and
 * Tamil (issue 26, docs/decisions/0082): ICU messages in one catalogue per language
 * (`src/server/lib/i18n/{en,si,ta}.json`, edited by translators: docs/translating.md), formatted with
 * FormatJS's intl-messageformat. English is the source; its texts are the ones the server wrote
 * before there were languages, word for word.
 */
export type MessageKey = Exclude<keyof typeof en, '@metadata'>;
export type MessageValues = Record<string, string | number>;

export const CATALOGUES: Record<Language, Record<string, unknown>> = { en, si, ta };

/** The locale each language formats numbers and plurals with. */
export const LOCALES: Record<Language, string> = { en: 'en-LK', si: 'si-LK', ta: 'ta-LK' };

const compiled = new Map<string, IntlMessageFormat>();

/**
 * The message `key` of `language` with its values filled in. A value meant as a word (an id, a
 * plate, a count written as figures today) is passed as a string so that it is written as it is;
 * numbers are for plurals (`{n, plural, ...}`, `#`).
 */
export function t(language: Language, key: MessageKey, values?: MessageValues): string {
  const id = `${language}\u0000${key}`;
  let format = compiled.get(id);
  if (!format) {
    const text = CATALOGUES[language][key] ?? CATALOGUES.en[key];
    if (typeof text !== 'string') throw new Error(`no message ${key}`);
    format = new IntlMessageFormat(text, LOCALES[language], undefined, { ignoreTag: true });
    compiled.set(id, format);
  }
  return String(format.format(values));
}

/** A stored language, or English for a user who never chose one. */
export const languageOr = (language: Language | null | undefined): Language => language ?? 'en';

const two = (n: number) => String(n).padStart(2, '0');

/**
 * An instant in Colombo time, whatever the server's zone, with the catalogue's month names and
 * order: "22 Nov 2026, 14:30" in English (as src/shared/dates.ts writes it), "2026 නොවැම්බර් 22,
 * 14:30" in Sinhala. The month names are the catalogue's, not the engine's (one text everywhere).
 */
export function dateTimeText(language: Language, at: Date): string {
  const w = businessWallClock(at);
  return t(language, 'date.dateTime', {
    day: String(w.day),
    month: t(language, `date.month.${w.month}` as MessageKey),
    year: String(w.year),
    time: `${two(w.hour)}:${two(w.minute)}`,
  });
}

/** The Colombo day of an instant: "22 Nov 2026". */
export function dateText(language: Language, at: Date): string {
  const w = businessWallClock(at);
  return calendarText(language, `${w.year}-${two(w.month)}-${two(w.day)}`);
}

/** A calendar day (YYYY-MM-DD): "22 Nov 2026". */
export function calendarText(language: Language, isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return t(language, 'date.date', {
    day: String(d),
    month: t(language, `date.month.${m}` as MessageKey),
    year: String(y),
  });
}

/** Colombo wall time of an instant: "14:30". */
export function timeText(at: Date): string {
  const w = businessWallClock(at);
  return `${two(w.hour)}:${two(w.minute)}`;
}
