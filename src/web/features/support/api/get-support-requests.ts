import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupportRequest } from '#shared/contract/support';
import { apiList } from '#web/lib/api-client';
import { supportEndpoints, supportKeys } from './support-keys';

export function getSupportRequests(signal?: AbortSignal): Promise<SupportRequest[]> {
  return apiList<SupportRequest>(supportEndpoints.requests, { signal });
}

export function supportRequestsQueryOptions() {
  return queryOptions({
    queryKey: supportKeys.mine(),
    queryFn: ({ signal }) => getSupportRequests(signal),
  });
}

/** GET /support/requests: the customer's own requests, newest activity first. */
export function useSupportRequests() {
  return useQuery(supportRequestsQueryOptions());
}
