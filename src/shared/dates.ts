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

/** An instant as "YYYY-MM-DD HH:mm" in Colombo time, for messages the server writes. */
export function businessDateTime(at: Date): string {
  const local = new Date(at.getTime() + 330 * 60_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)}`;
}
