import type { SupportStatus } from '#shared/contract/support';
import type { BadgeTone } from '#web/components/ui/badge';
import { formatDateTime } from '#web/lib/format';

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

/** An ISO instant as "14 Mar 2025, 09:30" in Colombo time (the web's one date module). */
export const supportTime = formatDateTime;

/** "1 message", "3 messages". */
export const messageCount = (n: number) => `${n} message${n === 1 ? '' : 's'}`;
