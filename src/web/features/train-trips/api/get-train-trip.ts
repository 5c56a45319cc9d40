import { useQuery } from '@tanstack/react-query';
import type { TrainTripDetail } from '#shared/contract/train-trips';
import { api } from '#web/lib/api-client';
import { trainEndpoints, trainKeys } from './train-keys';

/** GET /train-trips/{id}: the trip and the orders booked on it (only while `id` is set). */
export function useTrainTrip(id: number | null) {
  return useQuery({
    queryKey: trainKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<TrainTripDetail>(trainEndpoints.detail(id!), { signal }),
    enabled: id !== null,
  });
}
