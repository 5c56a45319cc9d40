import type { Period } from '#server/http/report-route';
import { addDays, businessDate, startOfBusinessDay } from '#shared/dates';
import type { Span } from './admin-reports.queries';

/** The instants of an inclusive period of business days. */
export const spanOf = (p: Period): Span => ({
  from: startOfBusinessDay(p.from),
  before: startOfBusinessDay(addDays(p.to, 1)),
});

/** A quarter YYYY-Qn as a period of its days. */
export function quarterPeriod(quarter: string): Period {
  const year = Number(quarter.slice(0, 4));
  const q = Number(quarter.slice(6));
  const firstMonth = (q - 1) * 3 + 1;
  const last = new Date(Date.UTC(year, firstMonth + 2, 0)).toISOString().slice(0, 10);
  return { from: `${year}-${String(firstMonth).padStart(2, '0')}-01`, to: last };
}

/** The business week (Monday to Sunday) that holds `now`. */
export function currentWeek(now: Date): Span {
  const today = businessDate(now);
  const day = new Date(`${today}T00:00:00Z`).getUTCDay();
  const monday = addDays(today, -((day + 6) % 7));
  return { from: startOfBusinessDay(monday), before: startOfBusinessDay(addDays(monday, 7)) };
}

/** Business days in a period, both ends included. */
export const daysIn = (p: Period) => Math.round((Date.parse(p.to) - Date.parse(p.from)) / 86_400_000) + 1;

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
