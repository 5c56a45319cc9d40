import { START_WINDOW_HOURS } from '#shared/constants';
import type { Assignment } from '#shared/contract/crew';
import { businessDate } from '#shared/dates';
import type { Formatters } from '#web/i18n/format';
import type { Translate } from '#web/i18n/provider';
import { crewText } from './crew-texts';

/**
 * An instant as the crew reads it, in Colombo time whatever the phone's zone: "13:30" on the
 * same Colombo day as `now`, "5 Jun, 13:30" another day (in the reader's language).
 */
export function crewTime(iso: string, now: Date, f: Formatters): string {
  return businessDate(new Date(iso)) === businessDate(now) ? f.time(iso) : f.shortDateTime(iso);
}

export type StartGate =
  | { blocked: false; reason: null; kind: null }
  | { blocked: true; reason: string; kind: 'refusal' | 'window' };

/**
 * Whether the phone lets the crew tap Start now, and why not, before the tap (the server decides
 * again on the tap): what the server says stops it (start_refusal), else the start window.
 */
export function startGate(a: Assignment, now: Date, t: Translate, f: Formatters): StartGate {
  if (a.status !== 'Scheduled') return { blocked: false, reason: null, kind: null };
  if (a.start_refusal) return { blocked: true, reason: crewText(t, a.start_refusal), kind: 'refusal' };
  if (a.start_opens_at && now < new Date(a.start_opens_at)) {
    const opens = new Date(a.start_opens_at);
    return {
      blocked: true,
      kind: 'window',
      reason: t('crew.start.window', {
        opens: crewTime(a.start_opens_at, now, f),
        hours: START_WINDOW_HOURS,
        leaves: crewTime(a.delivery_date_time, opens, f),
      }),
    };
  }
  return { blocked: false, reason: null, kind: null };
}
