import { START_WINDOW_HOURS } from '#shared/constants';
import type { Assignment } from '#shared/contract/crew';
import { businessDate } from '#shared/dates';
import { formatDayMonth, formatShortDateTime, formatTime } from '#web/lib/format';

/** An instant as the crew reads it, in Colombo time: "13:30" today, "5 Jun, 13:30" another day. */
export function crewTime(iso: string, now: Date): string {
  return businessDate(new Date(iso)) === businessDate(now) ? formatTime(iso) : formatShortDateTime(iso);
}

/** Hours and minutes in Colombo, e.g. the end of a run: "16:30". */
export const crewClock = formatTime;

export type StartGate =
  | { blocked: false; reason: null; kind: null }
  | { blocked: true; reason: string; kind: 'refusal' | 'window' };

/**
 * Whether the phone lets the crew tap Start now, and why not, before the tap (the server decides
 * again on the tap): what the server says stops it (start_refusal), else the start window.
 */
export function startGate(a: Assignment, now: Date): StartGate {
  if (a.status !== 'Scheduled') return { blocked: false, reason: null, kind: null };
  if (a.start_refusal) return { blocked: true, reason: a.start_refusal, kind: 'refusal' };
  if (a.start_opens_at && now < new Date(a.start_opens_at)) {
    const opens = new Date(a.start_opens_at);
    const leaves = new Date(a.delivery_date_time);
    const onDay = (at: Date, other: Date) =>
      businessDate(at) === businessDate(other) ? '' : ` on ${formatDayMonth(at.toISOString())}`;
    return {
      blocked: true,
      kind: 'window',
      reason: `You can start it from ${formatTime(a.start_opens_at)}${onDay(opens, now)}, ${START_WINDOW_HOURS} hours before it leaves at ${formatTime(a.delivery_date_time)}${onDay(leaves, opens)}.`,
    };
  }
  return { blocked: false, reason: null, kind: null };
}
