import { clsx } from 'clsx';
import { Bell, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import type { Notification } from '#shared/contract/notifications';
import { Button } from '#web/components/ui/button';
import { useFormat, useT } from '#web/i18n/provider';

export interface NotificationListProps {
  rows: Notification[];
  onRead: (id: number) => void;
  compact?: boolean;
  /** Where a notification leads in this portal (e.g. the support request it is about), or null. */
  linkFor?: (n: Notification) => string | null;
  /** A notification's link was followed (it is marked read; the bell's panel closes). */
  onFollow?: (n: Notification) => void;
}

/** Newest first; an Alert stands out (red, icon); unread ones are bold with a "Mark read" action. */
export function NotificationList({ rows, onRead, compact, linkFor, onFollow }: NotificationListProps) {
  const t = useT();
  const f = useFormat();
  return (
    <ul className="divide-y divide-slate-100">
      {rows.map((n) => {
        const alert = n.type === 'Alert';
        const Icon = alert ? TriangleAlert : Bell;
        const to = linkFor?.(n) ?? null;
        return (
          <li
            key={n.notification_id}
            className={clsx(
              'flex gap-3 px-4',
              compact ? 'py-2.5' : 'py-3.5',
              !n.read && (alert ? 'bg-red-50/60' : 'bg-indigo-50/40'),
            )}
          >
            <span
              className={clsx(
                'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full',
                alert ? 'bg-red-100 text-red-700' : 'bg-slate-100 text-slate-600',
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
              <span className="sr-only">
                {alert ? t('crew.notifications.alert') : t('crew.notifications.info')}
              </span>
            </span>
            <div className="min-w-0 flex-1">
              <p className={clsx('text-sm', n.read ? 'text-slate-700' : 'font-semibold text-slate-900')}>
                {to ? (
                  <Link
                    to={to}
                    onClick={() => {
                      if (!n.read) onRead(n.notification_id);
                      onFollow?.(n);
                    }}
                    className="text-inherit underline decoration-slate-300 underline-offset-2 hover:decoration-indigo-600"
                  >
                    {n.message}
                  </Link>
                ) : (
                  n.message
                )}
              </p>
              <div className="mt-0.5 flex items-center justify-between gap-2">
                <p className="text-xs text-slate-500">
                  {alert && (
                    <span className="font-medium text-red-700">{t('crew.notifications.alert')} · </span>
                  )}
                  {f.shortDateTime(n.timestamp)}
                  {!n.read && <span className="sr-only"> · {t('crew.notifications.unreadMark')}</span>}
                </p>
                {!n.read && (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="-my-1 h-7 shrink-0 px-2 text-xs text-indigo-700"
                    onClick={() => onRead(n.notification_id)}
                    aria-label={t('crew.notifications.markReadFor', { message: n.message })}
                  >
                    {t('crew.notifications.markRead')}
                  </Button>
                )}
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
