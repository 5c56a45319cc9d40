import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Notification } from '#shared/contract/notifications';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { EmptyState } from '#web/components/ui/empty-state';
import { LoadError } from '#web/components/ui/load-error';
import { Loading } from '#web/components/ui/spinner';
import { useT } from '#web/i18n/provider';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllRead, useMarkRead } from '../api/mark-read';
import { NotificationList } from './notification-list';

function BellCount({ unread }: { unread: number }) {
  if (unread === 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-semibold text-white"
    >
      {unread > 99 ? '99+' : unread}
    </span>
  );
}

/**
 * The header bell: unread count, and the notifications in a panel (customers, managers, staff).
 * `linkFor`: where a notification leads in this portal; following it marks it read.
 */
export function NotificationBell({ linkFor }: { linkFor?: (n: Notification) => string | null }) {
  const [open, setOpen] = useState(false);
  const query = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const t = useT();
  const unread = query.data?.unread ?? 0;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={
          unread > 0 ? t('crew.notifications.bellUnread', { count: unread }) : t('nav.notifications')
        }
        className="relative rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <Bell aria-hidden="true" className="size-5" />
        <BellCount unread={unread} />
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('nav.notifications')}
        description={unread > 0 ? t('notifications.unread', { count: unread }) : t('notifications.upToDate')}
        footer={
          <Button
            variant="secondary"
            size="sm"
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {t('crew.notifications.markAllRead')}
          </Button>
        }
      >
        <div className="-mx-6 -my-4">
          {query.isPending ? (
            <Loading label={t('crew.notifications.loading')} />
          ) : query.isError ? (
            <div className="p-4">
              <LoadError
                title={t('crew.notifications.loadFailed')}
                error={query.error}
                onRetry={() => query.refetch()}
              />
            </div>
          ) : query.data.rows.length === 0 ? (
            <EmptyState title={t('crew.notifications.empty')} icon={Bell} />
          ) : (
            <NotificationList
              compact
              rows={query.data.rows}
              onRead={(id) => markRead.mutate(id)}
              linkFor={linkFor}
              onFollow={() => setOpen(false)}
            />
          )}
        </div>
      </Dialog>
    </>
  );
}

/** The unread count next to a sidebar entry (the crew's Notifications), updated live. */
export function UnreadBadge({ crewEmployeeId }: { crewEmployeeId: number | null }) {
  const query = useNotifications(crewEmployeeId);
  const t = useT();
  const unread = query.data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <span className="ml-auto rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
      {unread > 99 ? '99+' : unread}
      <span className="sr-only"> {t('crew.notifications.unreadMark')}</span>
    </span>
  );
}

/** The crew's header bell: a link to its Notifications page with the unread count. */
export function CrewBellLink({ crewEmployeeId, to }: { crewEmployeeId: number; to: string }) {
  const query = useNotifications(crewEmployeeId);
  const t = useT();
  const unread = query.data?.unread ?? 0;
  return (
    <Link
      to={to}
      aria-label={unread > 0 ? t('crew.notifications.bellUnread', { count: unread }) : t('nav.notifications')}
      className="relative rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <Bell aria-hidden="true" className="size-5" />
      <BellCount unread={unread} />
    </Link>
  );
}
