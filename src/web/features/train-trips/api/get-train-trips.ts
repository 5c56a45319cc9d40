import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TrainTrip } from '#shared/contract/train-trips';
import { apiPage } from '#web/lib/api-client';
import { type TrainTripListParams, trainEndpoints, trainKeys } from './train-keys';

/** GET /train-trips: one page of trips (earliest first) and the total from X-Total-Count. */
export function useTrainTrips(query: TrainTripListParams) {
  return useQuery({
    queryKey: trainKeys.list(query),
    queryFn: ({ signal }) => apiPage<TrainTrip>(trainEndpoints.list, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}
