import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Assignment } from '#shared/contract/crew';
import { api } from '#web/lib/api-client';
import { crewEndpoints, crewKeys } from './crew-keys';

/** POST /deliveries/{id}/start: the delivery and its orders go In Transit. */
export function useStartDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) => api<Assignment>(crewEndpoints.start(deliveryId), { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: crewKeys.all }),
  });
}
