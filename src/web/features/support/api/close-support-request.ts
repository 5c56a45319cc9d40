import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CloseSupportRequest, SupportRequestDetail } from '#shared/contract/support';
import { api } from '#web/lib/api-client';
import { supportEndpoints, supportKeys } from './support-keys';

export function closeSupportRequest(id: number, body: CloseSupportRequest): Promise<SupportRequestDetail> {
  return api<SupportRequestDetail>(supportEndpoints.close(id), { method: 'POST', body });
}

/** POST /support/requests/{id}/close, with or without a last message to the customer. */
export function useCloseSupportRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CloseSupportRequest) => closeSupportRequest(id, body),
    onSuccess: (detail) => {
      queryClient.setQueryData(supportKeys.detail(id), detail);
      return queryClient.invalidateQueries({ queryKey: supportKeys.all });
    },
  });
}
