import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SupportRequest } from '#shared/contract/support';
import { apiRaw } from '#web/lib/api-client';
import { type InboxFilter, supportEndpoints, supportKeys } from './support-keys';

export const INBOX_PAGE_SIZE = 20;

export interface InboxPage {
  rows: SupportRequest[];
  /** The cursor of the next page (the X-Next-Cursor header), null on the last. */
  next: string | null;
}

export async function getSupportInboxPage(
  filter: InboxFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<InboxPage> {
  const response = await apiRaw(supportEndpoints.requests, {
    query: { status: filter.status, q: filter.q || undefined, limit: INBOX_PAGE_SIZE, cursor },
    signal,
  });
  const data: unknown = await response.json();
  return {
    rows: Array.isArray(data) ? (data as SupportRequest[]) : [],
    next: response.headers.get('X-Next-Cursor'),
  };
}

export function supportInboxQueryOptions(filter: InboxFilter) {
  return infiniteQueryOptions({
    queryKey: supportKeys.inbox(filter),
    queryFn: ({ pageParam, signal }) => getSupportInboxPage(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

/** GET /support/requests for the staff inbox: pages of 20 by keyset ("Show older requests"). */
export function useSupportInbox(filter: InboxFilter) {
  return useInfiniteQuery(supportInboxQueryOptions(filter));
}
