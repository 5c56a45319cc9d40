import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateTrainTripRequest,
  TrainTripDetail,
  UpdateTrainTripRequest,
} from '#shared/contract/train-trips';
import { api } from '#web/lib/api-client';
import { trainEndpoints, trainKeys } from './train-keys';

/** POST /train-trips; refreshes the board and the dashboard. */
export function useCreateTrainTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTrainTripRequest) =>
      api<TrainTripDetail>(trainEndpoints.list, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainKeys.all }),
  });
}

/** PUT /train-trips/{id}: a new total capacity (never below what is booked). */
export function useUpdateTrainTrip(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTrainTripRequest) =>
      api<TrainTripDetail>(trainEndpoints.detail(id), { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainKeys.all }),
  });
}
