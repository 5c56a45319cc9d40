// The one date module of the web app (docs/decisions/0064): every business time in Colombo time
// (src/shared/dates.ts), whatever the browser's zone, one format per kind of date.
import {
  businessDate,
  businessDateText,
  businessDateTimeText,
  businessDayMonthText,
  businessShortDateTimeText,
  businessTimeText,
  businessWallTimeValue,
  calendarDateText,
  instantOfBusinessWallTime,
  isRealDate,
} from '#shared/dates';

/** Said once per screen or section where a reader could be elsewhere (crew, customers). */
export const COLOMBO_TIME = 'Colombo time';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function instant(value: string): Date | null {
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * A calendar date, "22 Nov 2026": a YYYY-MM-DD date as it is (a delivery date), an instant by
 * its day in Colombo; "—" when missing, anything else as given.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  if (DATE_ONLY.test(value)) return isRealDate(value) ? calendarDateText(value) : value;
  const at = instant(value);
  return at ? businessDateText(at) : value;
}

/** A business date-time in Colombo time: "22 Nov 2026, 14:30" ("—" when missing). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  if (DATE_ONLY.test(value)) return formatDate(value);
  const at = instant(value);
  return at ? businessDateTimeText(at) : value;
}

/** A near date-time without the year, in Colombo time: "22 Nov, 14:30". */
export function formatShortDateTime(value: string): string {
  const at = instant(value);
  return at ? businessShortDateTimeText(at) : value;
}

/** A day without the year, for near days and chart axes: "22 Nov" (an instant by its Colombo day). */
export function formatDayMonth(value: string): string {
  if (DATE_ONLY.test(value)) return isRealDate(value) ? calendarDateText(value).replace(/ \d+$/, '') : value;
  const at = instant(value);
  return at ? businessDayMonthText(at) : value;
}

/** A month, YYYY-MM, as "Nov 2026". */
export function formatMonth(value: string): string {
  return /^\d{4}-\d{2}$/.test(value) && isRealDate(`${value}-01`)
    ? calendarDateText(`${value}-01`).slice(2).trim()
    : value;
}

/** Hours and minutes in Colombo time: "14:30". */
export function formatTime(value: string): string {
  const at = instant(value);
  return at ? businessTimeText(at) : value;
}

/** An instant as the value of an `<input type="datetime-local">`: Colombo wall time. */
export function toDateTimeLocal(date: Date): string {
  return businessWallTimeValue(date);
}

/** A `datetime-local` value, read as Colombo wall time, as an ISO instant; null if invalid. */
export function dateTimeLocalToIso(value: string): string | null {
  return instantOfBusinessWallTime(value)?.toISOString() ?? null;
}

/** Today in Colombo as YYYY-MM-DD (the default and floor of date pickers). */
export function todayIso(now = new Date()): string {
  return businessDate(now);
}

/** A space figure: up to two decimals, grouped. */
export function formatSpace(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}
