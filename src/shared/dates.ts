import { MAX_SCHEDULE_DAYS_AHEAD, ORDER_LEAD_DAYS } from './constants';

/** The business runs on Sri Lanka time: "today" for the lead-time rule is today in Colombo. */
export const BUSINESS_TIME_ZONE = 'Asia/Colombo';

// made once: building an Intl.DateTimeFormat costs far more than formatting with it (lists
// format a date per row)
const businessDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** YYYY-MM-DD of the given instant in the business time zone. */
export function businessDate(at: Date): string {
  return businessDateFormat.format(at);
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The earliest delivery date an order placed at `at` may request. */
export function earliestScheduleDate(at: Date): string {
  return addDays(businessDate(at), ORDER_LEAD_DAYS);
}

/** The latest delivery date an order placed at `at` may request (stock is held until then). */
export function latestScheduleDate(at: Date): string {
  return addDays(businessDate(at), MAX_SCHEDULE_DAYS_AHEAD);
}

export function isRealDate(isoDate: string): boolean {
  const d = new Date(`${isoDate}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === isoDate;
}

/** Sri Lanka keeps UTC+05:30 all year (no daylight saving since 2006). */
const BUSINESS_UTC_OFFSET = '+05:30';

/** The instant a business day (YYYY-MM-DD) begins in Colombo: the deadline for goods to arrive. */
export function startOfBusinessDay(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00${BUSINESS_UTC_OFFSET}`);
}

/**
 * An instant in Colombo time for messages the server writes, as the screens write it:
 * "22 Nov 2026, 14:30" (businessDateTimeText below; docs/decisions/0064).
 */
export function businessDateTime(at: Date): string {
  return businessDateTimeText(at);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// the wall clock in Colombo, as numbers: month names are ours, so every engine (Node, each
// browser's ICU: "Sep" or "Sept") writes the same text
const wallClockFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

export interface WallClock {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** An instant as the wall clock in Colombo reads it. */
export function businessWallClock(at: Date): WallClock {
  const parts: Record<string, number> = {};
  for (const p of wallClockFormat.formatToParts(at))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** A calendar date as people read it: "22 Nov 2026" (from YYYY-MM-DD; no time zone involved). */
export function calendarDateText(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return `${d} ${MONTHS[m! - 1]} ${y}`;
}

/** The Colombo day of an instant as people read it: "22 Nov 2026". */
export function businessDateText(at: Date): string {
  const w = businessWallClock(at);
  return `${w.day} ${MONTHS[w.month - 1]} ${w.year}`;
}

/** An instant in Colombo time: "22 Nov 2026, 14:30". */
export function businessDateTimeText(at: Date): string {
  const w = businessWallClock(at);
  return `${w.day} ${MONTHS[w.month - 1]} ${w.year}, ${two(w.hour)}:${two(w.minute)}`;
}

/** The same without the year, for near events: "22 Nov, 14:30". */
export function businessShortDateTimeText(at: Date): string {
  const w = businessWallClock(at);
  return `${w.day} ${MONTHS[w.month - 1]}, ${two(w.hour)}:${two(w.minute)}`;
}

/** The Colombo day of an instant without the year: "22 Nov". */
export function businessDayMonthText(at: Date): string {
  const w = businessWallClock(at);
  return `${w.day} ${MONTHS[w.month - 1]}`;
}

/** Hours and minutes in Colombo: "14:30". */
export function businessTimeText(at: Date): string {
  const w = businessWallClock(at);
  return `${two(w.hour)}:${two(w.minute)}`;
}

/** An instant as Colombo wall time "YYYY-MM-DDTHH:mm" (the value of a datetime-local input). */
export function businessWallTimeValue(at: Date): string {
  const w = businessWallClock(at);
  return `${w.year}-${two(w.month)}-${two(w.day)}T${two(w.hour)}:${two(w.minute)}`;
}

/** Colombo wall time "YYYY-MM-DDTHH:mm[:ss]" as the instant it names, or null when it is not one. */
export function instantOfBusinessWallTime(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value) || !isRealDate(value.slice(0, 10))) return null;
  const at = new Date(`${value.length === 16 ? `${value}:00` : value}${BUSINESS_UTC_OFFSET}`);
  return Number.isNaN(at.getTime()) || businessWallTimeValue(at) !== value.slice(0, 16) ? null : at;
}
