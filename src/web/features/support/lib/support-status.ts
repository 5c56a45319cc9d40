import type { SupportStatus } from '#shared/contract/support';
import { BUSINESS_TIME_ZONE } from '#shared/dates';
import type { BadgeTone } from '#web/components/ui/badge';

/** Each state's colour and what it means to whoever reads it (docs/decisions/0062). */
export const SUPPORT_STATUS_META: Record<
  SupportStatus,
  { tone: BadgeTone; customer: string; staff: string }
> = {
  Open: {
    tone: 'warning',
    customer: 'Our team will answer here.',
    staff: 'Waiting for an answer.',
  },
  Answered: {
    tone: 'info',
    customer: 'Our team answered. Reply below if you need more help.',
    staff: 'Answered; waiting for the customer.',
  },
  Closed: {
    tone: 'neutral',
    customer: 'Closed. Write again below and it reopens.',
    staff: 'Closed. It reopens if the customer writes again.',
  },
};

// business times are Colombo's on every screen, whatever the reader's device says
const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An ISO instant as "14 Mar 2025, 09:30" in Colombo time. */
export function supportTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}

/** "1 message", "3 messages". */
export const messageCount = (n: number) => `${n} message${n === 1 ? '' : 's'}`;
