import { START_WINDOW_HOURS } from '#shared/constants';
import type { Assignment } from '#shared/contract/crew';
import { BUSINESS_TIME_ZONE, businessDate } from '#shared/dates';

const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
});
const dayAndClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const dayOnly = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  day: 'numeric',
  month: 'short',
});

/** An instant as the crew reads it, in Colombo time: "13:30" today, "5 Jun, 13:30" another day. */
export function crewTime(iso: string, now: Date): string {
  const at = new Date(iso);
  return businessDate(at) === businessDate(now) ? clock.format(at) : dayAndClock.format(at);
}

/** Hours and minutes in Colombo, e.g. the end of a run: "16:30". */
export const crewClock = (iso: string) => clock.format(new Date(iso));

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
      businessDate(at) === businessDate(other) ? '' : ` on ${dayOnly.format(at)}`;
    return {
      blocked: true,
      kind: 'window',
      reason: `You can start it from ${clock.format(opens)}${onDay(opens, now)}, ${START_WINDOW_HOURS} hours before it leaves at ${clock.format(leaves)}${onDay(leaves, opens)}.`,
    };
  }
  return { blocked: false, reason: null, kind: null };
}
