import { addDays, businessDate, startOfBusinessDay } from '#shared/dates';
import { formatDateTime, formatTime } from '#web/lib/format';

/** The days of a period, YYYY-MM-DD, first to last. */
export function periodDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to && days.length < 62; d = addDays(d, 1)) days.push(d);
  return days;
}

/**
 * Where a delivery sits on a timeline of the period (Colombo days), as percentages of its width;
 * clipped to the period, null when it lies outside.
 */
export function barPosition(start: string, end: string, from: string, to: string) {
  const t0 = startOfBusinessDay(from).getTime();
  const t1 = startOfBusinessDay(addDays(to, 1)).getTime();
  const s = Math.max(Date.parse(start), t0);
  const e = Math.min(Date.parse(end), t1);
  if (!(e > s)) return null;
  return { left: ((s - t0) / (t1 - t0)) * 100, width: ((e - s) / (t1 - t0)) * 100 };
}

/** "4 Mar 2030, 06:00 to 10:00" (Colombo), the end's date only when it differs. */
export function slotText(start: string, end: string): string {
  const sameDay = businessDate(new Date(start)) === businessDate(new Date(end));
  return `${formatDateTime(start)} to ${sameDay ? formatTime(end) : formatDateTime(end)}`;
}
