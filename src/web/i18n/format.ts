// Numbers, money and dates in the reader's language, business times always in Colombo time
// (docs/decisions/0064, 0083). English keeps the app's own formats (src/web/lib/format.ts, "22 Nov
// 2026, 14:30"); Sinhala and Tamil go through Intl with si-LK / ta-LK and the Asia/Colombo zone, so
// a browser in another zone still reads Colombo time.
import * as en from '#web/lib/format';
import { INTL_LOCALE, type Locale } from './locale';

export const BUSINESS_TIME_ZONE = 'Asia/Colombo';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export interface Formatters {
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /** A money figure as the app shows it ("$1,250.00"), grouped the reader's way. */
  money(value: number): string;
  /** "22 Nov 2026": a YYYY-MM-DD date as it is, an instant by its Colombo day; "—" when missing. */
  date(value: string | null | undefined): string;
  /** "22 Nov 2026, 14:30" in Colombo time. */
  dateTime(value: string | null | undefined): string;
  /** "22 Nov, 14:30" in Colombo time. */
  shortDateTime(value: string): string;
  /** "14:30" in Colombo time. */
  time(value: string): string;
}

function instant(value: string): Date | null {
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** A YYYY-MM-DD calendar date as a Date at UTC midnight (formatted in UTC: no zone shifts it). */
function calendarDay(value: string): Date | null {
  const [y, m, d] = value.split('-').map(Number);
  const at = new Date(Date.UTC(y!, m! - 1, d!));
  return at.getUTCDate() === d ? at : null;
}

const cache = new Map<Locale, Formatters>();

export function formatters(locale: Locale): Formatters {
  const known = cache.get(locale);
  if (known) return known;
  const tag = INTL_LOCALE[locale];
  const numberFormat = new Intl.NumberFormat(tag);
  const moneyFormat = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const made: Formatters =
    locale === 'en'
      ? {
          number: (v, o) => (o ? new Intl.NumberFormat(tag, o) : numberFormat).format(v),
          money: (v) => `$${moneyFormat.format(v)}`,
          date: en.formatDate,
          dateTime: en.formatDateTime,
          shortDateTime: en.formatShortDateTime,
          time: en.formatTime,
        }
      : intlFormatters(tag, numberFormat, moneyFormat);
  cache.set(locale, made);
  return made;
}

function intlFormatters(
  tag: string,
  numberFormat: Intl.NumberFormat,
  moneyFormat: Intl.NumberFormat,
): Formatters {
  const zone = { timeZone: BUSINESS_TIME_ZONE, hourCycle: 'h23' } as const;
  // a browser without this language's month names (some Chromium builds lack si/ta data) would
  // write English ones: numeric months then, which read the same in every language
  const hasNames = new Intl.DateTimeFormat(tag).resolvedOptions().locale.startsWith(tag.slice(0, 2));
  const day = { day: 'numeric', month: hasNames ? 'short' : '2-digit', year: 'numeric' } as const;
  const hm = { hour: '2-digit', minute: '2-digit' } as const;
  const dateF = new Intl.DateTimeFormat(tag, { ...day, timeZone: BUSINESS_TIME_ZONE });
  const calendarF = new Intl.DateTimeFormat(tag, { ...day, timeZone: 'UTC' });
  const dateTimeF = new Intl.DateTimeFormat(tag, { ...day, ...hm, ...zone });
  const shortF = new Intl.DateTimeFormat(tag, { day: 'numeric', month: day.month, ...hm, ...zone });
  const timeF = new Intl.DateTimeFormat(tag, { ...hm, ...zone });
  const date = (value: string | null | undefined) => {
    if (!value) return '—';
    if (DATE_ONLY.test(value)) {
      const at = calendarDay(value);
      return at ? calendarF.format(at) : value;
    }
    const at = instant(value);
    return at ? dateF.format(at) : value;
  };
  return {
    number: (v, o) => (o ? new Intl.NumberFormat(tag, o) : numberFormat).format(v),
    money: (v) => `$${moneyFormat.format(v)}`,
    date,
    dateTime(value) {
      if (!value) return '—';
      if (DATE_ONLY.test(value)) return date(value);
      const at = instant(value);
      return at ? dateTimeF.format(at) : value;
    },
    shortDateTime(value) {
      const at = instant(value);
      return at ? shortF.format(at) : value;
    },
    time(value) {
      const at = instant(value);
      return at ? timeF.format(at) : value;
    },
  };
}
