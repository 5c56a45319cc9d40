import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CrewOptions } from '#shared/contract/deliveries';
import { api } from '#web/lib/api-client';
import { type CrewOptionsParams, deliveryEndpoints, deliveryKeys } from './delivery-keys';

/** GET /deliveries/crew-options: who is free for that route and time (asked once both are chosen). */
export function useCrewOptions(query: CrewOptionsParams | null) {
  return useQuery({
    queryKey: deliveryKeys.crewOptions(query ?? { route_id: '', delivery_date_time: '' }),
    queryFn: ({ signal }) => api<CrewOptions>(deliveryEndpoints.crewOptions, { query: { ...query }, signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
