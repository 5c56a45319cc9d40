import { useQuery } from '@tanstack/react-query';
import type { Notification } from '#shared/contract/notifications';
import { apiRaw } from '#web/lib/api-client';
import { notificationEndpoints, notificationKeys } from './notification-keys';

export interface NotificationPage {
  rows: Notification[];
  unread: number;
}

async function fetchNotifications(path: string, signal: AbortSignal): Promise<NotificationPage> {
  const response = await apiRaw(path, { signal });
  const data: unknown = await response.json();
  const rows = Array.isArray(data) ? (data as Notification[]) : [];
  const unread = Number(response.headers.get('X-Unread-Count'));
  return { rows, unread: Number.isFinite(unread) ? unread : rows.filter((n) => !n.read).length };
}

/**
 * The signed-in person's notifications, newest first, with the unread count. A crew member's come
 * from GET /deliveries/assistant/{employee_id}/notifications (docs/product/api.md#crew), anyone
 * else's from GET /notifications. Polled every 30 s (docs/product/portals.md#screens-in-common);
 * live events refresh it sooner.
 */
export function useNotifications(crewEmployeeId: number | null = null) {
  const path =
    crewEmployeeId === null ? notificationEndpoints.mine : notificationEndpoints.crew(crewEmployeeId);
  return useQuery({
    queryKey: notificationKeys.list(path),
    queryFn: ({ signal }) => fetchNotifications(path, signal),
    refetchInterval: 30_000,
    networkMode: 'offlineFirst',
  });
}
