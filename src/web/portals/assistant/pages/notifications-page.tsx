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
import { COLOMBO_TIME } from '#web/lib/format';
import { NotLinkedToEmployee } from '../not-linked';
import { useCrewEmployeeId } from '../use-crew-member';

/** /assistant/notifications: newest first, alerts apart, mark read. */
export function NotificationsPage() {
  const employeeId = useCrewEmployeeId();
  const query = useNotifications(employeeId);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const unread = query.data?.unread ?? 0;
  return (
    <>
      <PageHeader
        title="Notifications"
        description={`${unread > 0 ? `${unread} unread.` : 'Assignments, changes and reminders about your deliveries.'} Times in ${COLOMBO_TIME}.`}
        actions={
          <Button
            variant="secondary"
            size="sm"
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            Mark all read
          </Button>
        }
      />
      {employeeId === null ? (
        <NotLinkedToEmployee />
      ) : query.isPending ? (
        <Loading label="Loading notifications..." />
      ) : !query.data ? (
        <LoadError
          title="Failed to load notifications"
          error={query.error ?? new Error('Failed to load')}
          onRetry={() => query.refetch()}
        />
      ) : query.data.rows.length === 0 ? (
        <Card>
          <EmptyState icon={Bell} title="No notifications" />
        </Card>
      ) : (
        <Card className="overflow-hidden">
          <NotificationList rows={query.data.rows} onRead={(id) => markRead.mutate(id)} />
        </Card>
      )}
    </>
  );
}
