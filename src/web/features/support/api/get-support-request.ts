import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupportRequestDetail } from '#shared/contract/support';
import { api } from '#web/lib/api-client';
import { supportEndpoints, supportKeys } from './support-keys';

export function getSupportRequest(id: number, signal?: AbortSignal): Promise<SupportRequestDetail> {
  return api<SupportRequestDetail>(supportEndpoints.request(id), { signal });
}

export function supportRequestQueryOptions(id: number) {
  return queryOptions({
    queryKey: supportKeys.detail(id),
    queryFn: ({ signal }) => getSupportRequest(id, signal),
  });
}

/** GET /support/requests/{id}: the request, its customer and order, and the conversation. */
export function useSupportRequest(id: number) {
  return useQuery(supportRequestQueryOptions(id));
}
