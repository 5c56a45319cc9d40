import { clsx } from 'clsx';
import type { SupportMessage, SupportSide } from '#shared/contract/support';
import { supportTime } from '../lib/support-status';

export interface ConversationProps {
  messages: readonly SupportMessage[];
  /** Who reads it: their own messages sit on the right. */
  viewer: SupportSide;
}

function authorOf(m: SupportMessage, viewer: SupportSide): string {
  if (viewer === 'customer') return m.side === 'customer' ? 'You' : 'KandyPack Support';
  return m.side === 'customer' ? (m.author_name ?? 'Customer') : `${m.author_name ?? 'Staff'} (staff)`;
}

/** A request's messages, oldest first, each with who wrote it and when (Colombo time). */
export function Conversation({ messages, viewer }: ConversationProps) {
  return (
    <ol aria-label="Conversation" className="space-y-3">
      {messages.map((m) => {
        const own = m.side === viewer;
        return (
          <li key={m.message_id} className={clsx('flex', own ? 'justify-end' : 'justify-start')}>
            <article
              aria-label={`${authorOf(m, viewer)}, ${supportTime(m.created_at)}`}
              className={clsx(
                'max-w-[85%] rounded-xl px-4 py-3 text-sm',
                own ? 'bg-indigo-50 text-slate-900 ring-1 ring-indigo-100' : 'bg-slate-100 text-slate-900',
              )}
            >
              <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
                <span className="font-semibold text-slate-700">{authorOf(m, viewer)}</span>
                <time dateTime={m.created_at}>{supportTime(m.created_at)}</time>
              </p>
              <p className="mt-1 break-words whitespace-pre-line">{m.body}</p>
            </article>
          </li>
        );
      })}
    </ol>
  );
}
