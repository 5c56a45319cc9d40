import { Bell } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { EmptyState } from '#web/components/ui/empty-state';
import { LoadError } from '#web/components/ui/load-error';
import { PageHeader } from '#web/components/ui/page-header';
import { Loading } from '#web/components/ui/spinner';
import { useNotifications } from '#web/features/notifications/api/get-notifications';
import { useMarkAllRead, useMarkRead } from '#web/features/notifications/api/mark-read';
import { NotificationList } from '#web/features/notifications/components/notification-list';
import { useT } from '#web/i18n/provider';
import { NotLinkedToEmployee } from '../not-linked';
import { useCrewEmployeeId } from '../use-crew-member';

/** /assistant/notifications: newest first, alerts apart, mark read. */
export function NotificationsPage() {
  const t = useT();
  const employeeId = useCrewEmployeeId();
  const query = useNotifications(employeeId);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const unread = query.data?.unread ?? 0;
  return (
    <>
      <PageHeader
        title={t('nav.notifications')}
        description={
          unread > 0 ? t('crew.notifications.unread', { count: unread }) : t('crew.notifications.lead')
        }
        actions={
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
      />
      {employeeId === null ? (
        <NotLinkedToEmployee />
      ) : query.isPending ? (
        <Loading label={t('crew.notifications.loading')} />
      ) : !query.data ? (
        <LoadError
          title={t('crew.notifications.loadFailed')}
          error={query.error ?? new Error(t('crew.common.loadFailed'))}
          onRetry={() => query.refetch()}
        />
      ) : query.data.rows.length === 0 ? (
        <Card>
          <EmptyState icon={Bell} title={t('crew.notifications.empty')} />
        </Card>
      ) : (
        <Card className="overflow-hidden">
          <NotificationList rows={query.data.rows} onRead={(id) => markRead.mutate(id)} />
        </Card>
      )}
    </>
  );
}
