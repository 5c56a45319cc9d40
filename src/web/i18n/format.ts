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

/** For tests: the formatters of a browser whose Intl has no data for `locale`. */
export function formattersWithoutIntlData(locale: Exclude<Locale, 'en'>): Formatters {
  const tag = INTL_LOCALE[locale];
  return intlFormatters(
    tag,
    new Intl.NumberFormat(tag),
    new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    MONTHS[locale],
  );
}

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
      : intlFormatters(tag, numberFormat, moneyFormat, intlKnows(tag) ? null : MONTHS[locale]);
  cache.set(locale, made);
  return made;
}

/**
 * Month names for a browser whose Intl has none for the language (Debian's Chromium has no
 * Sinhala data: it wrote "12/07/2026", month first, for 7 December). CLDR's abbreviated names.
 */
const MONTHS: Record<Exclude<Locale, 'en'>, readonly string[]> = {
  si: ['ජන', 'පෙබ', 'මාර්තු', 'අප්‍රේල්', 'මැයි', 'ජූනි', 'ජූලි', 'අගෝ', 'සැප්', 'ඔක්', 'නොවැ', 'දෙසැ'],
  ta: ['ஜன.', 'பிப்.', 'மார்.', 'ஏப்.', 'மே', 'ஜூன்', 'ஜூலை', 'ஆக.', 'செப்.', 'அக்.', 'நவ.', 'டிச.'],
};

/** Whether this browser's Intl has the language's own data (its month names among them). */
function intlKnows(tag: string): boolean {
  return new Intl.DateTimeFormat(tag).resolvedOptions().locale.startsWith(tag.slice(0, 2));
}

function intlFormatters(
  tag: string,
  numberFormat: Intl.NumberFormat,
  moneyFormat: Intl.NumberFormat,
  months: readonly string[] | null = null,
): Formatters {
  const zone = { timeZone: BUSINESS_TIME_ZONE, hourCycle: 'h23' } as const;
  const day = { day: 'numeric', month: 'short', year: 'numeric' } as const;
  const hm = { hour: '2-digit', minute: '2-digit' } as const;
  // with `months` (the browser lacks the language): "7 දෙසැ 2026, 14:30" from the numeric parts
  const make = (options: Intl.DateTimeFormatOptions) => {
    if (!months) return new Intl.DateTimeFormat(tag, options);
    const parts = new Intl.DateTimeFormat('en-GB', {
      ...options,
      ...(options.month ? { month: 'numeric' } : {}),
    });
    return {
      format(at: Date) {
        const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
        const date = [
          p.day && String(Number(p.day)),
          p.month ? months[Number(p.month) - 1] : undefined,
          p.year,
        ]
          .filter(Boolean)
          .join(' ');
        const time = p.hour ? `${p.hour}:${p.minute}` : '';
        return date && time ? `${date}, ${time}` : date || time;
      },
    };
  };
  const dateF = make({ ...day, timeZone: BUSINESS_TIME_ZONE });
  const calendarF = make({ ...day, timeZone: 'UTC' });
  const dateTimeF = make({ ...day, ...hm, ...zone });
  const shortF = make({ day: 'numeric', month: 'short', ...hm, ...zone });
  const timeF = make({ ...hm, ...zone });
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
