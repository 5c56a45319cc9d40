import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSupportMessage, SupportRequestDetail } from '#shared/contract/support';
import { api } from '#web/lib/api-client';
import { supportEndpoints, supportKeys } from './support-keys';

export function postSupportMessage(id: number, body: CreateSupportMessage): Promise<SupportRequestDetail> {
  return api<SupportRequestDetail>(supportEndpoints.messages(id), { method: 'POST', body });
}

/**
 * POST /support/requests/{id}/messages: an answer (staff) or a reply (the customer, which
 * reopens the request); the request's state and place in the lists change with it.
 */
export function usePostSupportMessage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSupportMessage) => postSupportMessage(id, body),
    onSuccess: (detail) => {
      queryClient.setQueryData(supportKeys.detail(id), detail);
      return queryClient.invalidateQueries({ queryKey: supportKeys.all });
    },
  });
}
