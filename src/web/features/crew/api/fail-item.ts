import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FailItemRequest, ItemFailure } from '#shared/contract/crew';
import { api } from '#web/lib/api-client';
import { newConfirmationId } from '../lib/confirmation-queue';
import { crewEndpoints, crewKeys } from './crew-keys';

/**
 * POST /deliveries/{id}/fail-item: one item could not be handed over. The failure_id is made once
 * per report, so a retry of the same report answers the stored one.
 */
export function useFailItem(deliveryId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<FailItemRequest, 'failure_id'>) =>
      api<ItemFailure>(crewEndpoints.failItem(deliveryId), {
        method: 'POST',
        body: { ...body, failure_id: newConfirmationId() },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: crewKeys.all }),
  });
}
