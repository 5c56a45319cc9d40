import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Assignment, DeliveryItem } from '#shared/contract/crew';
import { businessDate } from '#shared/dates';
import { api } from '#web/lib/api-client';
import { crewEndpoints, crewKeys } from './crew-keys';

/**
 * GET /deliveries/assistant/{employee_id}/assignments: on the road, upcoming, recently delivered.
 * The items of today's runs are fetched with it, so the phone holds the whole day (the service
 * worker keeps the answers for when there is no signal).
 */
export function useAssignments(employeeId: number | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: crewKeys.assignments(employeeId ?? 0),
    queryFn: ({ signal }) => api<Assignment[]>(crewEndpoints.assignments(employeeId ?? 0), { signal }),
    enabled: employeeId !== null,
    refetchInterval: 30_000,
    // offline, the service worker answers from its copy of the day's data
    networkMode: 'offlineFirst',
  });
  useEffect(() => {
    const today = businessDate(new Date());
    for (const a of query.data ?? []) {
      if (
        a.status === 'Delivered' ||
        a.status === 'Failed' ||
        businessDate(new Date(a.delivery_date_time)) > today
      )
        continue;
      void queryClient.prefetchQuery({
        queryKey: crewKeys.items(a.delivery_id),
        queryFn: ({ signal }) => api<DeliveryItem[]>(crewEndpoints.items(a.delivery_id), { signal }),
        staleTime: 60_000,
        networkMode: 'offlineFirst',
      });
    }
  }, [query.data, queryClient]);
  return query;
}
