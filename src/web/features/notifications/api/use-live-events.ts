import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectLiveEvents } from '../lib/live-events';
import { notificationKeys } from './notification-keys';

/** What each live event makes stale (query key roots of the features that show it). */
const STALE: Record<string, readonly (readonly string[])[]> = {
  notification: [notificationKeys.all],
  delivery: [['crew'], ['deliveries']],
  order: [['orders'], ['crew']],
  // a support request changed (docs/decisions/0062): its lists and conversation
  support: [['support-requests']],
};

/** Keeps the open screens current: each pushed event refetches the queries it touches. */
export function useLiveEvents(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return connectLiveEvents(({ event }) => {
      if (event === 'resync') {
        queryClient.invalidateQueries();
        return;
      }
      for (const key of STALE[event] ?? []) queryClient.invalidateQueries({ queryKey: key });
    });
  }, [enabled, queryClient]);
}
