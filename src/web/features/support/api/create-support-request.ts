import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSupportRequest, SupportRequest } from '#shared/contract/support';
import { api } from '#web/lib/api-client';
import { supportEndpoints, supportKeys } from './support-keys';

export function createSupportRequest(request: CreateSupportRequest): Promise<SupportRequest> {
  return api<SupportRequest>(supportEndpoints.requests, { method: 'POST', body: request });
}

/** POST /support/requests; refreshes the list of the customer's requests. */
export function useCreateSupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupportRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}
