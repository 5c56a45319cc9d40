import { useEffect, useState } from 'react';
import { businessDate } from '#shared/dates';
import { formatShortDateTime, formatTime } from '#web/lib/format';

export interface Expiry {
  /** Past its expiry: it can no longer be committed (the server refuses it too). */
  expired: boolean;
  /** Whole minutes left, rounded up (0 once expired). */
  minutesLeft: number;
  /** "14:35", or "27 Nov, 14:35" on another day than `now`, in Colombo time. */
  at: string;
}

/**
 * Where an open proposal stands at `now`: the server's `expired` flag (as of its answer) or its
 * `expires_at` passed on the browser's clock since (docs/decisions/0060).
 */
export function proposalExpiry(proposal: { expires_at: string; expired: boolean }, now: number): Expiry {
  const end = Date.parse(proposal.expires_at);
  const expired = proposal.expired || now >= end;
  return {
    expired,
    minutesLeft: expired ? 0 : Math.ceil((end - now) / 60_000),
    at: colomboTime(proposal.expires_at, now),
  };
}

/** An instant as "14:05" when it is on the day of `now` in Colombo, else "27 Nov, 14:05" (Colombo time). */
export function colomboTime(iso: string, now: number): string {
  return businessDate(new Date(iso)) === businessDate(new Date(now))
    ? formatTime(iso)
    : formatShortDateTime(iso);
}

/** "23 min left", "1 h 05 min left". */
export function timeLeft(minutes: number): string {
  if (minutes < 60) return `${minutes} min left`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min left`;
}

/** The browser's clock, read again every `everyMs` and at `until` (an instant to be exact at). */
export function useNow(everyMs: number, until?: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), everyMs);
    const wait = until === undefined ? -1 : until - Date.now();
    const exact =
      wait >= 0 && wait < 2 ** 31 - 1 ? setTimeout(() => setNow(Date.now()), wait + 50) : undefined;
    return () => {
      clearInterval(tick);
      if (exact !== undefined) clearTimeout(exact);
    };
  }, [everyMs, until]);
  return now;
}
