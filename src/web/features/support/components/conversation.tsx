import { clsx } from 'clsx';
import type { SupportMessage, SupportSide } from '#shared/contract/support';
import { type Translate, useFormat, useT } from '#web/i18n/provider';

export interface ConversationProps {
  messages: readonly SupportMessage[];
  /** Who reads it: their own messages sit on the right. */
  viewer: SupportSide;
}

function authorOf(t: Translate, m: SupportMessage, viewer: SupportSide): string {
  if (viewer === 'customer')
    return m.side === 'customer' ? t('support.author.you') : t('support.author.team');
  return m.side === 'customer'
    ? (m.author_name ?? t('support.author.customer'))
    : t('support.author.staff', { name: m.author_name ?? t('support.author.staffMember') });
}

/** A request's messages, oldest first, each with who wrote it and when (Colombo time). */
export function Conversation({ messages, viewer }: ConversationProps) {
  const t = useT();
  const f = useFormat();
  return (
    <ol aria-label={t('support.conversation')} className="space-y-3">
      {messages.map((m) => {
        const own = m.side === viewer;
        return (
          <li key={m.message_id} className={clsx('flex', own ? 'justify-end' : 'justify-start')}>
            <article
              aria-label={`${authorOf(t, m, viewer)}, ${f.dateTime(m.created_at)}`}
              className={clsx(
                'max-w-[85%] rounded-xl px-4 py-3 text-sm',
                own ? 'bg-indigo-50 text-slate-900 ring-1 ring-indigo-100' : 'bg-slate-100 text-slate-900',
              )}
            >
              <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
                <span className="font-semibold text-slate-700">{authorOf(t, m, viewer)}</span>
                <time dateTime={m.created_at}>{f.dateTime(m.created_at)}</time>
              </p>
              <p className="mt-1 break-words whitespace-pre-line">{m.body}</p>
            </article>
          </li>
        );
      })}
    </ol>
  );
}
