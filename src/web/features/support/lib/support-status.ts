import type { SupportStatus } from '#shared/contract/support';
import type { BadgeTone } from '#web/components/ui/badge';
import type { MessageKey } from '#web/i18n/provider';
import { formatDateTime } from '#web/lib/format';

/** Each state's colour and what it means to whoever reads it (docs/decisions/0062). */
export const SUPPORT_STATUS_META: Record<
  SupportStatus,
  { tone: BadgeTone; word: MessageKey; customer: MessageKey; staff: string }
> = {
  Open: {
    tone: 'warning',
    word: 'support.status.open',
    customer: 'support.meaning.open',
    staff: 'Waiting for an answer.',
  },
  Answered: {
    tone: 'info',
    word: 'support.status.answered',
    customer: 'support.meaning.answered',
    staff: 'Answered; waiting for the customer.',
  },
  Closed: {
    tone: 'neutral',
    word: 'support.status.closed',
    customer: 'support.meaning.closed',
    staff: 'Closed. It reopens if the customer writes again.',
  },
};

/** An ISO instant as "14 Mar 2025, 09:30" in Colombo time (the web's one date module). */
export const supportTime = formatDateTime;

/** "1 message", "3 messages". */
export const messageCount = (n: number) => `${n} message${n === 1 ? '' : 's'}`;
